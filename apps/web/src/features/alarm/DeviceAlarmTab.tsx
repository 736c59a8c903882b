/**
 * The alarm records tab of a device (§2 device detail): its records newest first, filtered by
 * state, with acknowledgement and send attempts. A new alarm of the device on the live channel
 * brings the list up to date.
 */
import { ALARM_STATE_CODES, type AlarmRecordItem, type AlarmState } from '@lyyp/contracts/alarm';
import { Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi, type AlarmRecordPage } from '../../api/alarm.api.ts';
import { FilterSelect, usePagedQuery } from '../../blocks/index.ts';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { ClearRecordsButton } from '../gateway-ops/ClearRecordsButton.tsx';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { AlarmRecordTable } from './AlarmRecordTable.tsx';
import { stateName } from './alarm-text.ts';
import { NoAlarmPermission } from './NoAlarmPermission.tsx';
import { useAlarmEvents } from './use-alarm-events.ts';

export function DeviceAlarmTab({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const capabilities = useCapabilities();
  const mayView = capabilities.may('alarmRecord.view');
  const [state, setState] = useState<AlarmState | undefined>();
  const records = usePagedQuery<AlarmRecordItem, AlarmRecordPage>({
    queryKey: ['alarm-records', 'device', device.id, state, locale],
    fetch: (paging) => alarmApi.deviceRecords({ equipmentId: device.id, state, ...paging }),
    enabled: mayView,
  });
  useAlarmEvents((event) => {
    if (event.deviceId === device.id) void records.refetch();
  });

  if (!capabilities.loaded) return null;
  if (!mayView || (isApiError(records.query.error) && records.query.error.code === '2116')) {
    return <NoAlarmPermission />;
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <FilterSelect<AlarmState>
          width={220}
          placeholder={t('alarm.fields.state')}
          value={state}
          onChange={setState}
          codes={ALARM_STATE_CODES}
          label={(code) => stateName(code, locale)}
        />
        <ClearRecordsButton deviceId={device.id} onCleared={() => void records.refetch()} />
      </Space>
      <AlarmRecordTable paged={records} showDevice={false} />
    </Space>
  );
}
