/**
 * The alarm records widget (ComplexAlarm): the records of the page's device (or of the devices the
 * designer listed, one at a time), active and cleared, newest first, in the chosen §3 columns, with
 * acknowledgement for people allowed to. The designer shows two sample records. A running page reads
 * `/alarm/record/device` with the viewer's own permissions and reads again whenever the live channel
 * says an alarm of the shown device was raised, released or acknowledged.
 */
import {
  ALARM_STATE_CODES,
  formatAlarmValue,
  type AlarmRecordItem,
  type AlarmState,
} from '@lyyp/contracts/alarm';
import type { Locale } from '@lyyp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { isApiError } from '../../api/index.ts';
import { AcknowledgeDialog } from '../../features/alarm/AcknowledgeDialog.tsx';
import { recordTypeName, stateName, useDescribeAlarmFailure } from '../../features/alarm/alarm-text.ts';
import { useAlarmEvents } from '../../features/alarm/use-alarm-events.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { formatTime } from '../../features/monitor/common/format-time.ts';
import { useCapabilities } from '../../features/monitor/common/use-device-abilities.ts';
import type { WidgetRendererProps } from '../render-context.ts';
import {
  alarmDevicesOf,
  concernsWidget,
  previewAlarmRecords,
  shownAlarmColumns,
  type AlarmAddon,
  type AlarmColumn,
  type AlarmDevice,
} from './alarm-widget.ts';
import { tableBodyHeight } from './history-table.ts';
import styles from './complex-widgets.module.css';
import { widgetTableProps } from './widget-table.ts';

const PAGE_SIZE = 10;
const NO_ALARM_PERMISSION = '2116';

const STATE_BADGES: Record<AlarmState, 'error' | 'warning' | 'processing' | 'default'> = {
  'active-unacknowledged': 'error',
  'active-acknowledged': 'warning',
  'cleared-unacknowledged': 'processing',
  'cleared-acknowledged': 'default',
};

interface GridProps {
  readonly addon: AlarmAddon;
  readonly locale: Locale;
  readonly records: readonly AlarmRecordItem[];
  readonly total: number;
  readonly page: number;
  readonly loading: boolean;
  readonly empty: ReactNode;
  readonly bodyHeight: number;
  readonly mayAcknowledge: boolean;
  readonly onPage?: (page: number) => void;
  readonly onAcknowledge?: (id: string) => void;
}

function AlarmGrid({
  addon,
  locale,
  records,
  total,
  page,
  loading,
  empty,
  bodyHeight,
  mayAcknowledge,
  onPage,
  onAcknowledge,
}: GridProps) {
  const { t } = useTranslation();
  const cells: Record<AlarmColumn, ColumnsType<AlarmRecordItem>[number]> = {
    equipTitle: { key: 'equipTitle', title: t('widgetData.alarm.device'), dataIndex: 'deviceName' },
    type: {
      key: 'type',
      title: t('alarm.fields.type'),
      render: (_value, record) => recordTypeName(record.type, locale),
    },
    gmtTrigger: {
      key: 'gmtTrigger',
      title: t('alarm.fields.raisedAt'),
      render: (_value, record) => formatTime(record.raisedAt),
    },
    gmtRelease: {
      key: 'gmtRelease',
      title: t('alarm.fields.releasedAt'),
      render: (_value, record) => (record.releasedAt === null ? '—' : formatTime(record.releasedAt)),
    },
    value: {
      key: 'value',
      title: t('alarm.fields.value'),
      render: (_value, record) => formatAlarmValue(record.value),
    },
    msg: {
      key: 'msg',
      title: t('alarm.fields.message'),
      render: (_value, record) => (
        <span>
          <Typography.Text strong>{record.name}</Typography.Text> {record.message}
        </span>
      ),
    },
    opration: {
      key: 'opration',
      title: t('monitor.common.actions'),
      fixed: 'right',
      render: (_value, record) =>
        record.acknowledgedAt !== null ? (
          <Typography.Text type="secondary">{t('widgetData.alarm.acknowledged')}</Typography.Text>
        ) : mayAcknowledge ? (
          <Button
            type="link"
            size="small"
            disabled={!onAcknowledge}
            onClick={() => onAcknowledge?.(record.id)}
            data-testid="alarm-widget-acknowledge"
          >
            {t('widgetData.alarm.acknowledge')}
          </Button>
        ) : (
          '—'
        ),
    },
  };
  return (
    <Table<AlarmRecordItem>
      rowKey="id"
      {...widgetTableProps('alarm-widget-table', records, loading, empty, bodyHeight)}
      rowClassName={(record) => `alarm-widget-row-${record.state}`}
      pagination={{
        size: 'small',
        current: page,
        pageSize: PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (count) => t('monitor.common.total', { total: count }),
        ...(onPage ? { onChange: onPage } : {}),
      }}
      columns={[
        {
          key: 'state',
          title: t('widgetData.alarm.state'),
          fixed: 'left',
          render: (_value, record) => (
            <Badge status={STATE_BADGES[record.state]} text={stateName(record.state, locale)} />
          ),
        },
        ...shownAlarmColumns(addon).map((column) => cells[column]),
      ]}
    />
  );
}

function AlarmPreview({
  addon,
  locale,
  bodyHeight,
}: {
  addon: AlarmAddon;
  locale: Locale;
  bodyHeight: number;
}) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const records = previewAlarmRecords(now, {
    name: t('widgetData.alarm.previewName'),
    message: t('widgetData.alarm.previewMessage'),
    device: addon.equips[0]?.title || t('widgetData.alarm.previewDevice'),
  });
  return (
    <>
      <Space className={styles.toolbar}>
        <Typography.Text type="secondary">{t('widgetData.alarm.preview')}</Typography.Text>
      </Space>
      <AlarmGrid
        addon={addon}
        locale={locale}
        records={records}
        total={records.length}
        page={1}
        loading={false}
        empty={null}
        bodyHeight={bodyHeight}
        mayAcknowledge
      />
    </>
  );
}

function AlarmRunning({
  addon,
  locale,
  devices,
  bodyHeight,
}: {
  addon: AlarmAddon;
  locale: Locale;
  devices: AlarmDevice[];
  bodyHeight: number;
}) {
  const { t } = useTranslation();
  const describeFailure = useDescribeAlarmFailure();
  const capabilities = useCapabilities();
  const mayView = capabilities.may('alarmRecord.view');
  const mayAcknowledge = capabilities.may('alarmRecord.acknowledge');
  const [chosen, setChosen] = useState<string | null>(null);
  const [state, setState] = useState<AlarmState | undefined>();
  const [page, setPage] = useState(1);
  const [acknowledging, setAcknowledging] = useState<string | null>(null);
  const deviceId = devices.find((device) => device.id === chosen)?.id ?? devices[0]?.id ?? null;
  const records = useQuery({
    queryKey: ['alarm-records', 'widget', deviceId, state, page, locale],
    queryFn: () => alarmApi.deviceRecords({ equipmentId: deviceId!, state, page, pageSize: PAGE_SIZE }),
    enabled: mayView && deviceId !== null,
    placeholderData: keepPreviousData,
  });
  useAlarmEvents((event) => {
    if (concernsWidget(event.deviceId, deviceId)) void records.refetch();
  });

  if (!mayView || (isApiError(records.error) && records.error.code === NO_ALARM_PERMISSION))
    return (
      <Typography.Text type="secondary">{translateCatalogue(NO_ALARM_PERMISSION, locale)}</Typography.Text>
    );
  return (
    <>
      <Space className={styles.toolbar} wrap>
        {devices.length > 1 ? (
          <Select
            size="small"
            style={{ minWidth: 140 }}
            aria-label={t('widgetData.alarm.device')}
            value={deviceId}
            onChange={(next: string) => {
              setChosen(next);
              setPage(1);
            }}
            options={devices.map((device) => ({ value: device.id, label: device.title || device.id }))}
          />
        ) : null}
        <Select
          size="small"
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('widgetData.alarm.allStates')}
          aria-label={t('widgetData.alarm.state')}
          data-testid="alarm-widget-state"
          value={state}
          onChange={(next: AlarmState | undefined) => {
            setState(next);
            setPage(1);
          }}
          options={ALARM_STATE_CODES.map((code) => ({ value: code, label: stateName(code, locale) }))}
        />
      </Space>
      <AlarmGrid
        addon={addon}
        locale={locale}
        records={records.data?.list ?? []}
        total={records.data?.total ?? 0}
        page={page}
        loading={records.isFetching && !records.data}
        empty={records.error ? describeFailure(records.error) : t('widgetData.alarm.empty')}
        bodyHeight={bodyHeight}
        mayAcknowledge={mayAcknowledge}
        onPage={setPage}
        onAcknowledge={setAcknowledging}
      />
      {acknowledging ? (
        <AcknowledgeDialog
          ids={[acknowledging]}
          onClose={() => setAcknowledging(null)}
          onDone={() => void records.refetch()}
        />
      ) : null}
    </>
  );
}

export function AlarmWidget({ widget, height, runtime }: WidgetRendererProps<'ComplexAlarm'>) {
  const { t } = useTranslation();
  const addon = widget.data.dataAddon;
  const devices = alarmDevicesOf(addon, runtime.deviceId);
  const bodyHeight = tableBodyHeight(height, true);
  let content: ReactNode;
  if (runtime.mode === 'design')
    content = <AlarmPreview addon={addon} locale={runtime.locale} bodyHeight={bodyHeight} />;
  else if (devices.length === 0)
    content = <Typography.Text type="secondary">{t('widgetData.alarm.noDevice')}</Typography.Text>;
  else
    content = (
      <AlarmRunning addon={addon} locale={runtime.locale} devices={devices} bodyHeight={bodyHeight} />
    );
  return (
    <div className={styles.frame} data-alarm-widget={widget.id}>
      {content}
    </div>
  );
}
