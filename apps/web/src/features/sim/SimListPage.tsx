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
import { App, Button, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmApi } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  actionColumn,
  FilterSelect,
  PagedTable,
  RowActions,
  ScreenCard,
  useAction,
  useEditor,
  usePagedQuery,
} from '../../blocks/index.ts';
import { simStatusName, useDescribeAlarmFailure } from '../alarm/alarm-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { SimEditDialog } from './SimEditDialog.tsx';
import { SimRenewDialog } from './SimRenewDialog.tsx';
import { SimStatusTag } from './SimStatusTag.tsx';

const orDash = (value: string | null) => value ?? '—';

export default function SimListPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const [status, setStatus] = useState<SimCardStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const cards = usePagedQuery<SimCardItem>({
    queryKey: ['sims', status, keyword],
    fetch: (paging) => alarmApi.listSims({ status, keyword: keyword || undefined, ...paging }),
  });
  const editor = useEditor<SimCardItem>(cards.refetch);
  const [renewing, setRenewing] = useState<SimCardItem | null>(null);
  const importSheet = useAction({
    run: (file: File) => alarmApi.importSims(file, file.name),
    onDone: (result) => {
      void message.success(t('alarm.sim.imported', { count: result.imported }));
      return cards.refetch();
    },
    describeError: describeFailure,
  });

  return (
    <ScreenCard
      title={t('routes.SystemSim')}
      extra={
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
      }
      add={{ label: t('alarm.sim.add'), onClick: () => editor.open(null) }}
      intro={
        <Typography.Paragraph type="secondary">
          {t('alarm.sim.sheetHint', {
            columns: SIM_SHEET_COLUMNS.map((column) => (locale === 'en-US' ? column.en : column.zh)).join(
              locale === 'en-US' ? ', ' : '、',
            ),
          })}
        </Typography.Paragraph>
      }
      search={{ placeholder: t('alarm.sim.search'), onSearch: setKeyword, width: 240 }}
      filters={
        <FilterSelect<SimCardStatus>
          width={160}
          placeholder={t('alarm.sim.status')}
          value={status}
          onChange={setStatus}
          codes={SIM_STATUS_CODES}
          label={(code) => simStatusName(code, locale)}
        />
      }
    >
      <PagedTable<SimCardItem>
        paged={cards}
        rowKey="iccid"
        testId="sim-cards"
        describeError={describeFailure}
        emptyText={t('alarm.sim.empty')}
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
          { title: t('alarm.sim.operator'), dataIndex: 'operator', width: 110, render: orDash },
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
          { title: t('alarm.sim.remark'), dataIndex: 'remark', render: orDash },
          actionColumn(t('monitor.common.actions'), (card: SimCardItem) => (
            <RowActions
              onEdit={() => editor.open(card)}
              beforeDelete={
                <Button type="link" size="small" onClick={() => setRenewing(card)}>
                  {t('alarm.sim.renew')}
                </Button>
              }
            />
          )),
        ]}
      />
      {editor.props ? <SimEditDialog {...editor.props} /> : null}
      {renewing ? (
        <SimRenewDialog
          card={renewing}
          onClose={() => setRenewing(null)}
          onSaved={() => void cards.refetch()}
        />
      ) : null}
    </ScreenCard>
  );
}
