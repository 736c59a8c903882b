/**
 * A product's alarm groups: channels, recipients, escalation ladder, repeat policy and release
 * notice at a glance; add, edit, delete (refused with 2117 while a rule uses the group).
 */
import { PlusOutlined } from '@ant-design/icons';
import type { AlarmGroup } from '@lyyp/contracts/alarm';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { channelName, useDescribeAlarmFailure } from './alarm-text.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { useAlarmConfigChanged, useAlarmGroups } from './use-alarm-config.ts';
import { actionColumn, ConsoleTable, RowActions, ScreenCard, useEditor } from '../../blocks/index.ts';

export function GroupSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeAlarmFailure();
  const groups = useAlarmGroups(productId);
  const changed = useAlarmConfigChanged(productId);
  const editor = useEditor<AlarmGroup>(changed);

  const times = (policy: AlarmGroup['repeat']) =>
    policy.times === 'forever'
      ? t('alarm.group.everyForever', { seconds: policy.intervalSeconds })
      : t('alarm.group.everyTimes', { times: policy.times, seconds: policy.intervalSeconds });

  return (
    <ScreenCard
      title={t('alarm.group.title')}
      extra={
        editable ? (
          <Button icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="group-add">
            {t('alarm.group.add')}
          </Button>
        ) : null
      }
    >
      <ConsoleTable<AlarmGroup>
        loading={groups.isPending}
        error={groups.error}
        describeError={describeFailure}
        rows={groups.data?.groups}
        emptyText={t('alarm.group.empty')}
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
          editable &&
            actionColumn(t('monitor.common.actions'), (group: AlarmGroup) => (
              <RowActions
                onEdit={() => editor.open(group)}
                remove={{
                  title: t('alarm.group.deleteTitle', { name: group.name }),
                  run: () => alarmApi.deleteGroup(productId, group.id),
                  onDone: changed,
                  describeError: describeFailure,
                }}
              />
            )),
        ]}
      />
      {editor.props ? <GroupDialog productId={productId} {...editor.props} /> : null}
    </ScreenCard>
  );
}
