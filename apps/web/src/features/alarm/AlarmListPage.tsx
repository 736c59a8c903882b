/**
 * Alarms across every device the person may see (/monitor/alarms): filters by state, activity,
 * device, group, type and a time range of at most 30 days (§5); paging; export as CSV or XLSX;
 * acknowledgement of one or many with a comment; each record's send attempts. New alarms on the
 * live channel bring the list up to date.
 */
import { DownloadOutlined } from '@ant-design/icons';
import {
  ALARM_RECORD_TYPES,
  ALARM_STATE_CODES,
  type AlarmRecordItem,
  type AlarmRecordType,
  type AlarmState,
} from '@lyyp/contracts/alarm';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Dropdown, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi, type AlarmExportFormat, type AlarmRecordPage } from '../../api/alarm.api.ts';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { FilterSelect, useAction, usePagedQuery } from '../../blocks/index.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { AlarmRecordTable } from './AlarmRecordTable.tsx';
import { recordTypeName, stateName, useDescribeAlarmFailure } from './alarm-text.ts';
import { NoAlarmPermission } from './NoAlarmPermission.tsx';
import {
  checkRecordFilters,
  defaultRecordFilters,
  toExportQuery,
  toRecordQuery,
  type RecordFilters,
} from './record-filters.ts';
import { useAlarmEvents } from './use-alarm-events.ts';

export default function AlarmListPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeAlarmFailure();
  // What the policy allows: alarm records of the devices the account sees, exporting them.
  const capabilities = useCapabilities();
  const mayView = capabilities.may('alarmRecord.view');
  const mayExport = capabilities.may('alarmRecord.export');
  const [filters, setFilters] = useState<RecordFilters>(() => defaultRecordFilters(dayjs()));
  const violation = checkRecordFilters(filters);

  const devices = useQuery({
    queryKey: ['devices', 'alarm-filter'],
    queryFn: () => catalogueApi.queryDevices({ page: 1, pageSize: 1000 }),
    enabled: mayView,
  });
  // The group filter offers the groups the person is in; with none, it is not shown.
  const myGroups = useQuery({
    queryKey: ['alarm-preferences', 'groups'],
    queryFn: alarmApi.myGroups,
    enabled: mayView,
  });
  const records = usePagedQuery<AlarmRecordItem, AlarmRecordPage>({
    queryKey: ['alarm-records', 'list', filters, locale],
    fetch: (paging) => alarmApi.listRecords(toRecordQuery(filters, paging.page, paging.pageSize)),
    enabled: mayView && violation === null,
  });
  useAlarmEvents(() => void records.refetch());
  const exportSheet = useAction({
    run: (format: AlarmExportFormat) =>
      alarmApi.exportRecords(
        toExportQuery(filters),
        format,
        Intl.DateTimeFormat().resolvedOptions().timeZone,
      ),
    onDone: saveFile,
    describeError: describeFailure,
  });

  if (!capabilities.loaded) return null;
  if (!mayView || (isApiError(records.query.error) && records.query.error.code === '2116')) {
    return (
      <Card variant="borderless">
        <NoAlarmPermission />
      </Card>
    );
  }
  const exportButton = mayExport ? (
    <Dropdown
      disabled={violation !== null}
      menu={{
        items: [
          { key: 'xlsx', label: t('monitor.common.exportXlsx') },
          { key: 'csv', label: t('monitor.common.exportCsv') },
        ],
        onClick: ({ key }) => exportSheet.mutate(key as AlarmExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={exportSheet.isPending} data-testid="alarm-export">
        {t('alarm.record.export')}
      </Button>
    </Dropdown>
  ) : null;
  const change = (next: Partial<RecordFilters>) => setFilters((current) => ({ ...current, ...next }));

  return (
    <Card variant="borderless" title={t('routes.MonitorAlarms')} extra={exportButton}>
      <Space wrap style={{ marginBottom: 16, width: '100%' }}>
        <Space wrap>
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            value={[dayjs(filters.range.start), dayjs(filters.range.end)]}
            presets={[
              { label: t('monitor.history.shortcuts.today'), value: [dayjs().startOf('day'), dayjs()] },
              { label: t('alarm.record.last7'), value: [dayjs().subtract(7, 'day').startOf('day'), dayjs()] },
              { label: t('alarm.record.last30'), value: [dayjs().subtract(30, 'day'), dayjs()] },
            ]}
            onChange={(range) => {
              const [start, end] = (range ?? []) as (Dayjs | null)[];
              if (start && end) change({ range: { start: start.valueOf(), end: end.valueOf() } });
            }}
            status={violation ? 'error' : undefined}
          />
          <FilterSelect<AlarmState>
            placeholder={t('alarm.fields.state')}
            value={filters.state}
            onChange={(state) => change({ state })}
            codes={ALARM_STATE_CODES}
            label={(code) => stateName(code, locale)}
          />
          <FilterSelect<'active' | 'cleared'>
            width={130}
            placeholder={t('alarm.record.activity')}
            value={filters.activity}
            onChange={(activity) => change({ activity })}
            codes={['active', 'cleared']}
            label={(activity) =>
              activity === 'active' ? t('alarm.record.active') : t('alarm.record.cleared')
            }
          />
          <FilterSelect
            searchable
            placeholder={t('alarm.fields.device')}
            value={filters.equipmentId}
            onChange={(equipmentId) => change({ equipmentId })}
            options={(devices.data?.list ?? []).map((device) => ({ value: device.id, label: device.name }))}
          />
          {myGroups.data && myGroups.data.length > 0 ? (
            <FilterSelect
              searchable
              placeholder={t('alarm.record.groupId')}
              value={filters.groupId}
              onChange={(groupId) => change({ groupId })}
              options={myGroups.data.map((group) => ({
                value: group.groupId,
                label: `${group.groupName} · ${group.productName}`,
              }))}
            />
          ) : null}
          <FilterSelect<AlarmRecordType>
            width={130}
            placeholder={t('alarm.fields.type')}
            value={filters.type}
            onChange={(type) => change({ type })}
            codes={ALARM_RECORD_TYPES}
            label={(type) => recordTypeName(type, locale)}
          />
        </Space>
      </Space>
      {violation ? (
        <Typography.Paragraph type="danger">
          {translateCatalogue(violation.code, locale, violation.params)}
        </Typography.Paragraph>
      ) : null}
      <AlarmRecordTable paged={records} showDevice />
    </Card>
  );
}
