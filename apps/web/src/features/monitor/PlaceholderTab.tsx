/** A device tab that is not built yet (alarm, repair and inspection records): says so plainly. */
import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function PlaceholderTab({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="placeholder-tab"
      icon={<ToolOutlined style={{ color: '#8c8c8c' }} />}
      title={t('monitor.common.notBuilt')}
      subTitle={t('monitor.common.notBuiltText', { screen })}
    />
  );
}
