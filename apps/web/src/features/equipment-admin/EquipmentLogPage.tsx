/**
 * The device log (/manage/equipment/:id/log): writes with who, variable, old and new value and
 * result code; configuration pushes and syncs; binding and unbinding; status changes; grants. A
 * time range of at most 30 days (the contract's `checkQueryRange`), filter by event, export.
 */
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { checkQueryRange, MAX_QUERY_RANGE_DAYS } from '@lyyp/contracts';
import {
  DEVICE_LOG_KINDS,
  DEVICE_LOG_KIND_CODES,
  type DeviceLogEntry,
  type DeviceLogKind,
} from '@lyyp/contracts/equipment-admin';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { equipmentAdminApi } from '../../api/equipment-admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { nameIn } from '../account-centre/registry-names.ts';
import { useDescribeEquipmentFailure } from './equipment-text.ts';

const RESULT_COLORS: Readonly<Record<string, string>> = {
  success: 'success',
  failure: 'error',
  pending: 'processing',
};

const showValue = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export default function EquipmentLogPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const describe = useDescribeEquipmentFailure();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(7, 'day'),
    dayjs().add(1, 'minute'),
  ]);
  const [kind, setKind] = useState<DeviceLogKind | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const query = { id, start: range[0].valueOf(), end: range[1].valueOf(), kind };
  const violation = checkQueryRange(query);
  const log = useQuery({
    queryKey: ['device-log', id, query.start, query.end, kind, paging],
    queryFn: () => equipmentAdminApi.deviceLog({ ...query, ...paging }),
    enabled: violation === null,
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () =>
      equipmentAdminApi.exportDeviceLog({
        ...query,
        format: 'xlsx',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    onSuccess: saveFile,
    onError: (error) => void message.error(describe(error)),
  });
  const device = log.data?.device;

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <Link to="/manage/equipment" aria-label={t('equipmentAdmin.log.back')}>
            <ArrowLeftOutlined />
          </Link>
          {t('routes.EquipmentLog')}
          {device ? (
            <Typography.Text type="secondary">{`${device.name} · ${device.gatewaySn}`}</Typography.Text>
          ) : null}
        </Space>
      }
      extra={
        <Button
          icon={<DownloadOutlined />}
          disabled={violation !== null}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid="device-log-export"
        >
          {t('equipmentAdmin.actions.exportXlsx')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('equipmentAdmin.log.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          showTime
          value={range}
          allowClear={false}
          aria-label={t('equipmentAdmin.log.range')}
          onChange={(next) => {
            if (next?.[0] && next[1]) setRange([next[0], next[1]]);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('equipmentAdmin.log.allKinds')}
          value={kind}
          data-testid="device-log-kind"
          onChange={(next: DeviceLogKind | undefined) => {
            setKind(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={DEVICE_LOG_KIND_CODES.map((code) => ({
            value: code,
            label: nameIn(DEVICE_LOG_KINDS, code, locale),
          }))}
        />
      </Space>
      {violation ? (
        <Typography.Paragraph type="danger">
          {describeViolation(
            { ...violation, params: { ...violation.params, days: MAX_QUERY_RANGE_DAYS } },
            locale,
          )}
        </Typography.Paragraph>
      ) : null}
      {log.error ? <Typography.Paragraph type="danger">{describe(log.error)}</Typography.Paragraph> : null}
      <Table<DeviceLogEntry>
        rowKey="id"
        size="small"
        data-testid="device-log"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('equipmentAdmin.log.empty') }}
        pagination={{
          current: log.data?.page ?? paging.page,
          pageSize: log.data?.pageSize ?? paging.pageSize,
          total: log.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('equipmentAdmin.log.columns.at'),
            dataIndex: 'at',
            width: 170,
            render: (at: string) => formatTime(at),
          },
          {
            title: t('equipmentAdmin.log.columns.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (value: DeviceLogKind) => <Tag>{nameIn(DEVICE_LOG_KINDS, value, locale)}</Tag>,
          },
          {
            title: t('equipmentAdmin.log.columns.actor'),
            dataIndex: 'actorName',
            width: 120,
            render: (name: string | null) => name ?? '—',
          },
          {
            title: t('equipmentAdmin.log.columns.variable'),
            dataIndex: 'variable',
            width: 140,
            render: (name: string | null) => name ?? '—',
          },
          {
            title: t('equipmentAdmin.log.columns.previous'),
            dataIndex: 'previous',
            width: 90,
            render: showValue,
          },
          { title: t('equipmentAdmin.log.columns.value'), dataIndex: 'value', width: 90, render: showValue },
          {
            title: t('equipmentAdmin.log.columns.result'),
            dataIndex: 'status',
            width: 110,
            render: (status: string | null, entry) =>
              status === null ? (
                '—'
              ) : entry.kind === 'write' ? (
                <Tag color={RESULT_COLORS[status]}>{t(`equipmentAdmin.log.result.${status}`)}</Tag>
              ) : entry.kind === 'status' ? (
                t(`monitor.gatewayStatus.${status}`)
              ) : entry.kind === 'config-push' || entry.kind === 'config-sync' ? (
                t(`monitor.configSync.${status}`)
              ) : (
                status
              ),
          },
          {
            title: t('equipmentAdmin.log.columns.code'),
            dataIndex: 'code',
            width: 80,
            render: (code: string | null) => code ?? '—',
          },
          {
            title: t('equipmentAdmin.log.columns.detail'),
            dataIndex: 'detail',
            render: (detail: string | null) => detail ?? '—',
          },
        ]}
      />
    </Card>
  );
}
