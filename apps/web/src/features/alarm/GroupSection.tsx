/**
 * A product's alarm groups: channels, recipients, escalation ladder, repeat policy and release
 * notice at a glance; add, edit, delete (refused with 2117 while a rule uses the group).
 */
import { PlusOutlined } from '@ant-design/icons';
import type { AlarmGroup } from '@lyyp/contracts/alarm';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { channelName, useDescribeAlarmFailure } from './alarm-text.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { useAlarmConfigChanged, useAlarmGroups } from './use-alarm-config.ts';
import { RowActions } from '../monitor/common/RowActions.tsx';

export function GroupSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const groups = useAlarmGroups(productId);
  const changed = useAlarmConfigChanged(productId);
  const [editing, setEditing] = useState<AlarmGroup | 'new' | null>(null);

  const remove = useMutation({
    mutationFn: (id: string) => alarmApi.deleteGroup(productId, id),
    onSuccess: () => {
      void message.success(t('monitor.common.deleted'));
      return changed();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  const times = (policy: AlarmGroup['repeat']) =>
    policy.times === 'forever'
      ? t('alarm.group.everyForever', { seconds: policy.intervalSeconds })
      : t('alarm.group.everyTimes', { times: policy.times, seconds: policy.intervalSeconds });

  return (
    <Card
      variant="borderless"
      title={t('alarm.group.title')}
      extra={
        editable ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="group-add">
            {t('alarm.group.add')}
          </Button>
        ) : null
      }
    >
      {groups.error ? <Typography.Text type="danger">{describeFailure(groups.error)}</Typography.Text> : null}
      <Table<AlarmGroup>
        rowKey="id"
        size="small"
        loading={groups.isPending}
        dataSource={groups.data?.groups ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('alarm.group.empty') }}
        columns={[
          { title: t('alarm.fields.groupName'), dataIndex: 'name', width: 150 },
          {
            title: t('alarm.fields.channels'),
            dataIndex: 'channels',
            width: 180,
            render: (codes: AlarmGroup['channels']) =>
              codes.map((code) => <Tag key={code}>{channelName(code, locale)}</Tag>),
          },
          {
            title: t('alarm.group.recipientsColumn'),
            dataIndex: 'recipients',
            width: 100,
            render: (recipients: AlarmGroup['recipients']) => recipients.length,
          },
          {
            title: t('alarm.group.escalation'),
            dataIndex: 'escalation',
            width: 190,
            render: (steps: AlarmGroup['escalation']) =>
              steps.length === 0
                ? t('alarm.group.allAtOnce')
                : steps
                    .map(
                      (step) =>
                        `${Math.round(step.delaySeconds / 60)}′ ${step.channels.map((code) => channelName(code, locale)).join('/')}`,
                    )
                    .join(' → '),
          },
          {
            title: t('alarm.group.repeats'),
            key: 'repeat',
            width: 190,
            render: (_value, group) => (
              <Space orientation="vertical" size={0}>
                <span>{times(group.repeat)}</span>
                <Typography.Text type="secondary">
                  {t('alarm.group.voiceShort')} {times(group.voice)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('alarm.fields.releaseNotice'),
            dataIndex: 'releaseNotice',
            width: 90,
            render: (on: boolean) => (on ? t('monitor.common.yes') : t('monitor.common.no')),
          },
          ...(editable
            ? [
                {
                  title: t('monitor.common.actions'),
                  key: 'actions',
                  width: 130,
                  fixed: 'right' as const,
                  render: (_value: unknown, group: AlarmGroup) => (
                    <RowActions
                      onEdit={() => setEditing(group)}
                      onDelete={() => remove.mutateAsync(group.id)}
                      deleteTitle={t('alarm.group.deleteTitle', { name: group.name })}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <GroupDialog
          productId={productId}
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void message.success(t('monitor.common.saved'));
            void changed();
          }}
        />
      ) : null}
    </Card>
  );
}
