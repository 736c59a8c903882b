/**
 * Alarm records as a table (the device's alarm tab and the list across devices): state, type,
 * device, name and message, value, raise and release times, acknowledgement; choose several to
 * acknowledge them together; open a record's send attempts.
 */
import { formatAlarmValue, type AlarmRecordItem } from '@lyyp/contracts/alarm';
import { ReadOutlined } from '@ant-design/icons';
import { Badge, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AlarmRecordPage } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { actionColumn, PagedTable, type PagedQuery } from '../../blocks/index.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { RaiseWorkOrderButton } from '../maintenance/RaiseWorkOrderButton.tsx';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';
import { recordTypeName, releaseReasonName, stateName, useDescribeAlarmFailure } from './alarm-text.ts';
import { selectAcknowledgeable } from './record-filters.ts';
import { SendsDrawer } from './SendsDrawer.tsx';
import { knowledgeApi } from '../../api/knowledge.api.ts';
import { ArticleReader } from '../knowledge/ArticleReader.tsx';

const STATE_BADGES: Record<AlarmRecordItem['state'], 'error' | 'warning' | 'processing' | 'default'> = {
  'active-unacknowledged': 'error',
  'active-acknowledged': 'warning',
  'cleared-unacknowledged': 'processing',
  'cleared-acknowledged': 'default',
};

export function AlarmRecordTable({
  paged,
  showDevice,
}: {
  paged: PagedQuery<AlarmRecordItem, AlarmRecordPage>;
  showDevice: boolean;
}) {
  const onChanged = () => void paged.refetch();
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  // Every record listed is of a device the account sees: acknowledging is the policy's answer.
  const mayAcknowledge = useCapabilities().may('alarmRecord.acknowledge');
  const [selected, setSelected] = useState<string[]>([]);
  const [acknowledging, setAcknowledging] = useState<string[] | null>(null);
  const [sendsOf, setSendsOf] = useState<string | null>(null);
  const [article, setArticle] = useState<{ deviceId: string; id: string } | null>(null);
  const describeFailure = useDescribeAlarmFailure();
  const chosen = selectAcknowledgeable(paged.rows, selected);

  return (
    <>
      {mayAcknowledge ? (
        <Space style={{ marginBottom: 12 }}>
          <Button
            disabled={chosen.length === 0}
            onClick={() => setAcknowledging(chosen)}
            data-testid="acknowledge-selected"
          >
            {t('alarm.record.acknowledgeSelected', { count: chosen.length })}
          </Button>
        </Space>
      ) : null}
      <PagedTable<AlarmRecordItem>
        paged={paged}
        showSizeChanger
        testId="alarm-records"
        describeError={describeFailure}
        scroll={{ x: 1200 }}
        emptyText={t('alarm.record.empty')}
        rowSelection={
          mayAcknowledge
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (record) => ({ disabled: record.acknowledgedAt !== null }),
              }
            : undefined
        }
        columns={[
          {
            title: t('alarm.fields.state'),
            dataIndex: 'state',
            width: 150,
            render: (state: AlarmRecordItem['state']) => (
              <Badge status={STATE_BADGES[state]} text={stateName(state, locale)} />
            ),
          },
          {
            title: t('alarm.fields.type'),
            dataIndex: 'type',
            width: 100,
            render: (type: AlarmRecordItem['type']) => recordTypeName(type, locale),
          },
          ...(showDevice
            ? [
                {
                  title: t('alarm.fields.device'),
                  dataIndex: 'deviceName',
                  width: 140,
                  render: (name: string, record: AlarmRecordItem) => (
                    <Link to={`/monitor/devices/${encodeURIComponent(record.deviceId)}?tab=alarms`}>
                      {name}
                    </Link>
                  ),
                },
              ]
            : []),
          {
            title: t('alarm.fields.message'),
            key: 'message',
            width: 280,
            render: (_value, record) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{record.name}</Typography.Text>
                <Typography.Text type="secondary">{record.message}</Typography.Text>
                {record.article ? (
                  <Typography.Link
                    data-testid="alarm-article-link"
                    onClick={() => setArticle({ deviceId: record.deviceId, id: record.article!.id })}
                  >
                    <ReadOutlined /> {t('knowledge.whatToDo')}: {record.article.title}
                  </Typography.Link>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('alarm.fields.value'),
            dataIndex: 'value',
            width: 90,
            render: (value: AlarmRecordItem['value']) => formatAlarmValue(value),
          },
          {
            title: t('alarm.fields.raisedAt'),
            dataIndex: 'raisedAt',
            width: 170,
            render: (at: number, record) => (
              <Space size={4}>
                {formatTime(at)}
                {record.late ? (
                  <Tooltip title={t('alarm.record.lateHint')}>
                    <Tag color="orange">{t('alarm.record.late')}</Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('alarm.fields.releasedAt'),
            dataIndex: 'releasedAt',
            width: 200,
            render: (at: number | null, record) =>
              at === null ? (
                '—'
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>{formatTime(at)}</span>
                  {record.releaseReason ? (
                    <Typography.Text type="secondary">
                      {releaseReasonName(record.releaseReason, locale)}
                    </Typography.Text>
                  ) : null}
                </Space>
              ),
          },
          {
            title: t('alarm.fields.acknowledged'),
            key: 'acknowledged',
            width: 200,
            render: (_value, record) =>
              record.acknowledgedAt === null ? (
                '—'
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>
                    {record.acknowledgedByName ?? record.acknowledgedBy} · {formatTime(record.acknowledgedAt)}
                  </span>
                  {record.acknowledgeComment ? (
                    <Typography.Text type="secondary">{record.acknowledgeComment}</Typography.Text>
                  ) : null}
                </Space>
              ),
          },
          actionColumn(
            t('monitor.common.actions'),
            (record: AlarmRecordItem) => (
              <Space size={0}>
                {mayAcknowledge && record.acknowledgedAt === null ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setAcknowledging([record.id])}
                    data-testid="acknowledge-one"
                  >
                    {t('alarm.record.acknowledge')}
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => setSendsOf(record.id)}>
                  {t('alarm.record.sends')}
                </Button>
                <RaiseWorkOrderButton alarmRecordId={record.id} />
              </Space>
            ),
            230,
          ),
        ]}
      />
      {acknowledging ? (
        <AcknowledgeDialog
          ids={acknowledging}
          onClose={() => setAcknowledging(null)}
          onDone={() => {
            setSelected([]);
            onChanged();
          }}
        />
      ) : null}
      {sendsOf ? <SendsDrawer recordId={sendsOf} onClose={() => setSendsOf(null)} /> : null}
      <ArticleReader
        source={
          article
            ? {
                key: ['device', article.deviceId, article.id],
                load: () => knowledgeApi.deviceInfo(article.deviceId, article.id),
              }
            : null
        }
        onClose={() => setArticle(null)}
      />
    </>
  );
}
