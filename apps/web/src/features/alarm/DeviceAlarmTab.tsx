/**
 * The alarm records tab of a device (§2 device detail): its records newest first, filtered by
 * state, with acknowledgement and send attempts. A new alarm of the device on the live channel
 * brings the list up to date.
 */
import { ALARM_STATE_CODES, type AlarmState } from '@lyyp/contracts/alarm';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { ClearRecordsButton } from '../gateway-ops/ClearRecordsButton.tsx';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { AlarmRecordTable } from './AlarmRecordTable.tsx';
import { stateName, useDescribeAlarmFailure } from './alarm-text.ts';
import { NoAlarmPermission } from './NoAlarmPermission.tsx';
import { useAlarmEvents } from './use-alarm-events.ts';

export function DeviceAlarmTab({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeAlarmFailure();
  const capabilities = useCapabilities();
  const mayView = capabilities.may('alarmRecord.view');
  const [state, setState] = useState<AlarmState | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const records = useQuery({
    queryKey: ['alarm-records', 'device', device.id, state, paging, locale],
    queryFn: () => alarmApi.deviceRecords({ equipmentId: device.id, state, ...paging }),
    placeholderData: keepPreviousData,
    enabled: mayView,
  });
  useAlarmEvents((event) => {
    if (event.deviceId === device.id) void records.refetch();
  });

  if (!capabilities.loaded) return null;
  if (!mayView || (isApiError(records.error) && records.error.code === '2116')) return <NoAlarmPermission />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Select
          allowClear
          style={{ width: 220 }}
          placeholder={t('alarm.fields.state')}
          value={state}
          onChange={(next: AlarmState | undefined) => {
            setState(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={ALARM_STATE_CODES.map((code) => ({ value: code, label: stateName(code, locale) }))}
        />
        <ClearRecordsButton deviceId={device.id} onCleared={() => void records.refetch()} />
      </Space>
      {records.error ? (
        <Typography.Text type="danger">{describeFailure(records.error)}</Typography.Text>
      ) : null}
      <AlarmRecordTable
        page={records.data}
        loading={records.isFetching}
        showDevice={false}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        onChanged={() => void records.refetch()}
      />
    </Space>
  );
}
