/**
 * SIM cards for operation staff (/manage/system/sim): status (active, about to expire, expired,
 * shut down), expiry and days left, operator, remark and the device the card sits in; filter by
 * status or ICCID; edit a card (expiry, shut down, operator, remark); import an XLSX or CSV sheet.
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  SIM_SHEET_COLUMNS,
  SIM_STATUS_CODES,
  type SimCardItem,
  type SimCardStatus,
} from '@lyyp/contracts/alarm';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Select, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmApi } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { simStatusName, useDescribeAlarmFailure } from '../alarm/alarm-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { SimEditDialog } from './SimEditDialog.tsx';
import { SimRenewDialog } from './SimRenewDialog.tsx';
import { SimStatusTag } from './SimStatusTag.tsx';

export default function SimListPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const [status, setStatus] = useState<SimCardStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<SimCardItem | 'new' | null>(null);
  const [renewing, setRenewing] = useState<SimCardItem | null>(null);
  const cards = useQuery({
    queryKey: ['sims', status, keyword, paging],
    queryFn: () => alarmApi.listSims({ status, keyword: keyword || undefined, ...paging }),
    placeholderData: keepPreviousData,
  });
  const importSheet = useMutation({
    mutationFn: (file: File) => alarmApi.importSims(file, file.name),
    onSuccess: (result) => {
      void message.success(t('alarm.sim.imported', { count: result.imported }));
      void cards.refetch();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  return (
    <Card
      variant="borderless"
      title={t('routes.SystemSim')}
      extra={
        <Space>
          <Upload
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              importSheet.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={importSheet.isPending} data-testid="sim-import">
              {t('alarm.sim.import')}
            </Button>
          </Upload>
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('alarm.sim.add')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('alarm.sim.sheetHint', {
          columns: SIM_SHEET_COLUMNS.map((column) => (locale === 'en-US' ? column.en : column.zh)).join(
            locale === 'en-US' ? ', ' : '、',
          ),
        })}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('alarm.sim.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('alarm.sim.status')}
          value={status}
          onChange={(next: SimCardStatus | undefined) => {
            setStatus(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={SIM_STATUS_CODES.map((code) => ({ value: code, label: simStatusName(code, locale) }))}
        />
      </Space>
      {cards.error ? (
        <Typography.Paragraph type="danger">{describeFailure(cards.error)}</Typography.Paragraph>
      ) : null}
      <Table<SimCardItem>
        rowKey="iccid"
        size="small"
        data-testid="sim-cards"
        loading={cards.isFetching}
        dataSource={cards.data?.list ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('alarm.sim.empty') }}
        pagination={{
          current: cards.data?.page ?? paging.page,
          pageSize: cards.data?.pageSize ?? paging.pageSize,
          total: cards.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: 'ICCID',
            dataIndex: 'iccid',
            width: 200,
            render: (iccid: string) => <Typography.Text copyable>{iccid}</Typography.Text>,
          },
          {
            title: t('alarm.sim.status'),
            dataIndex: 'status',
            width: 110,
            render: (value: SimCardStatus) => <SimStatusTag status={value} />,
          },
          {
            title: t('alarm.sim.expiresAt'),
            dataIndex: 'expiresAt',
            width: 170,
            render: (at: number | null) => (at === null ? '—' : formatTime(at).slice(0, 10)),
          },
          {
            title: t('alarm.sim.daysLeft'),
            dataIndex: 'daysLeft',
            width: 90,
            render: (days: number | null) => (days === null ? '—' : t('alarm.sim.days', { count: days })),
          },
          {
            title: t('alarm.sim.operator'),
            dataIndex: 'operator',
            width: 110,
            render: (value: string | null) => value ?? '—',
          },
          {
            title: t('alarm.sim.device'),
            dataIndex: 'deviceName',
            width: 160,
            render: (name: string | null, card) =>
              card.deviceId ? (
                <Link to={`/monitor/devices/${encodeURIComponent(card.deviceId)}`}>
                  {name ?? card.deviceId}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            title: t('alarm.sim.remark'),
            dataIndex: 'remark',
            render: (value: string | null) => value ?? '—',
          },
          {
            title: t('monitor.common.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_value, card) => (
              <>
                <Button type="link" size="small" onClick={() => setEditing(card)}>
                  {t('monitor.common.edit')}
                </Button>
                <Button type="link" size="small" onClick={() => setRenewing(card)}>
                  {t('alarm.sim.renew')}
                </Button>
              </>
            ),
          },
        ]}
      />
      {editing ? (
        <SimEditDialog
          card={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void cards.refetch()}
        />
      ) : null}
      {renewing ? (
        <SimRenewDialog
          card={renewing}
          onClose={() => setRenewing(null)}
          onRenewed={() => void cards.refetch()}
        />
      ) : null}
    </Card>
  );
}
