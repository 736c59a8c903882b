/**
 * A write-only secret of a driver (an OPC UA password): the stored one is never shown. Blank keeps
 * it ("set — leave blank to keep"); typing replaces it; Remove clears it on save (null), Undo takes
 * that back.
 */
import { Button, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function SecretField({
  id,
  stored,
  value,
  onChange,
}: {
  /** The form item's id, on the input so its label points at it. */
  id?: string;
  /** A secret is stored on the platform. */
  stored: boolean;
  value?: string | null;
  onChange?: (value: string | null | undefined) => void;
}) {
  const { t } = useTranslation();
  if (value === null)
    return (
      <Space data-testid="secret-removed">
        <Tag color="orange">{t('tagBrowser.secret.removed')}</Tag>
        <Button type="link" size="small" onClick={() => onChange?.(undefined)}>
          {t('tagBrowser.secret.undo')}
        </Button>
      </Space>
    );
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input.Password
        id={id}
        autoComplete="new-password"
        value={value ?? ''}
        placeholder={stored ? t('tagBrowser.secret.keep') : t('tagBrowser.secret.notSet')}
        onChange={(event) => onChange?.(event.target.value || undefined)}
      />
      {stored ? (
        <Button onClick={() => onChange?.(null)} data-testid="secret-remove">
          {t('tagBrowser.remove')}
        </Button>
      ) : null}
    </Space.Compact>
  );
}
