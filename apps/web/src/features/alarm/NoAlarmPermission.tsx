/** §6: without the permission to view alarm records, the screen says so instead of an empty list. */
import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';

export function NoAlarmPermission() {
  const locale = useLocaleStore((state) => state.locale);
  return (
    <Result
      data-testid="no-alarm-permission"
      icon={<LockOutlined style={{ color: '#8c8c8c' }} />}
      title={translateCatalogue('2116', locale)}
    />
  );
}
