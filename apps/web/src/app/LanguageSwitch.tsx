/** The language menu shown on the sign-in screens and in the console header. */
import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@lyyp/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from './i18n.ts';

/** `compact` shows the globe alone (a phone-sized header); the menu still names every language. */
export function LanguageSwitch({
  tone = 'default',
  compact = false,
}: {
  tone?: 'default' | 'light';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocaleStore();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((option) => ({ key: option, label: t(`language.${option}`) })),
        onClick: ({ key }) => setLocale(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('common.language')}
        data-testid="language-switch"
        style={tone === 'light' ? { color: 'rgba(255,255,255,0.88)' } : undefined}
      >
        {compact ? null : t(`language.${locale}`)}
      </Button>
    </Dropdown>
  );
}
