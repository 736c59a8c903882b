/**
 * The device log (/manage/equipment/:id/log): writes with who, variable, old and new value and
 * result code; configuration pushes and syncs; binding and unbinding; status changes; grants. A
 * time range of at most 30 days (the contract's `checkQueryRange`), filter by event, export.
 */
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  DEVICE_LOG_KINDS,
  DEVICE_LOG_KIND_CODES,
  type DeviceLogEntry,
  type DeviceLogKind,
  type DeviceLogPage,
} from '@lyyp/contracts/equipment-admin';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { equipmentAdminApi } from '../../api/equipment-admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  FilterSelect,
  PagedTable,
  ScreenCard,
  useAction,
  usePagedQuery,
  useQueryRange,
} from '../../blocks/index.ts';
import { textColumn, timeColumn } from '../../blocks/columns.tsx';
import { formatReading } from '../../app/format-value.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { nameIn } from '../account-centre/registry-names.ts';
import { useDescribeEquipmentFailure } from './equipment-text.ts';

const RESULT_COLORS: Readonly<Record<string, string>> = {
  success: 'success',
  failure: 'error',
  pending: 'processing',
};

export default function EquipmentLogPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const locale = useLocaleStore((state) => state.locale);
  const describe = useDescribeEquipmentFailure();
  const range = useQueryRange();
  const [kind, setKind] = useState<DeviceLogKind | undefined>();
  const query = { id, start: range.start, end: range.end, kind };
  const log = usePagedQuery<DeviceLogEntry, DeviceLogPage>({
    queryKey: ['device-log', id, query.start, query.end, kind],
    fetch: (paging) => equipmentAdminApi.deviceLog({ ...query, ...paging }),
    enabled: range.valid,
    pageSize: 20,
  });
  const exporting = useAction({
    run: () =>
      equipmentAdminApi.exportDeviceLog({
        ...query,
        format: 'xlsx',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    onDone: saveFile,
    describeError: describe,
  });
  const device = log.query.data?.device;
  // A written value reads as on the device screens: 是/否, a number without float noise, plain text.
  const reading = (value: DeviceLogEntry['value']) => formatReading(value, locale);

  return (
    <ScreenCard
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
          disabled={!range.valid}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid="device-log-export"
        >
          {t('equipmentAdmin.actions.exportXlsx')}
        </Button>
      }
      intro={<Typography.Paragraph type="secondary">{t('equipmentAdmin.log.intro')}</Typography.Paragraph>}
      filters={
        <>
          {range.picker({ label: t('equipmentAdmin.log.range') })}
          <FilterSelect
            width={160}
            placeholder={t('equipmentAdmin.log.allKinds')}
            value={kind}
            testId="device-log-kind"
            onChange={setKind}
            options={DEVICE_LOG_KIND_CODES.map((code) => ({
              value: code,
              label: nameIn(DEVICE_LOG_KINDS, code, locale),
            }))}
          />
        </>
      }
    >
      {range.complaint}
      <PagedTable<DeviceLogEntry>
        paged={log}
        testId="device-log"
        describeError={describe}
        emptyText={t('equipmentAdmin.log.empty')}
        columns={[
          timeColumn(t('equipmentAdmin.log.columns.at'), 'at'),
          {
            title: t('equipmentAdmin.log.columns.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (value: DeviceLogKind) => <Tag>{nameIn(DEVICE_LOG_KINDS, value, locale)}</Tag>,
          },
          textColumn(t('equipmentAdmin.log.columns.actor'), 'actorName', { width: 120 }),
          textColumn(t('equipmentAdmin.log.columns.variable'), 'variable', { width: 140 }),
          textColumn(t('equipmentAdmin.log.columns.previous'), 'previous', { width: 90, render: reading }),
          textColumn(t('equipmentAdmin.log.columns.value'), 'value', { width: 90, render: reading }),
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
          textColumn(t('equipmentAdmin.log.columns.code'), 'code', { width: 80 }),
          textColumn(t('equipmentAdmin.log.columns.detail'), 'detail'),
        ]}
      />
    </ScreenCard>
  );
}
