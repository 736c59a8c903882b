/**
 * A product's alarm rules: variable, condition, filter count, groups, push methods, enabled switch;
 * add (up to the capacity shown as used/total), edit, delete.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { AlarmRule } from '@lyyp/contracts/alarm';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { useDescribeAlarmFailure } from './alarm-text.ts';
import { RuleDialog } from './RuleDialog.tsx';
import { useRuleColumns } from './rule-columns.tsx';
import {
  useAlarmConfigChanged,
  useAlarmGroups,
  useAlarmRules,
  useRuleVariables,
} from './use-alarm-config.ts';
import { RowActions } from '../monitor/common/RowActions.tsx';

export function RuleSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const rules = useAlarmRules(productId);
  const groups = useAlarmGroups(productId);
  const variables = useRuleVariables(productId);
  const changed = useAlarmConfigChanged(productId);
  const [editing, setEditing] = useState<AlarmRule | 'new' | null>(null);
  const failed = (error: unknown) => void message.error(describeFailure(error));

  const enable = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      alarmApi.enableRule(productId, id, enabled),
    onSuccess: () => changed(),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => alarmApi.deleteRule(productId, id),
    onSuccess: () => {
      void message.success(t('monitor.common.deleted'));
      return changed();
    },
    onError: failed,
  });

  const capacity = rules.data?.capacity;
  const full = capacity ? capacity.used >= capacity.total : false;
  const variableList = variables.data ?? [];
  const groupList = groups.data?.groups ?? [];
  const variableName = (key: string) => variableList.find((variable) => variable.key === key)?.name ?? key;
  const groupName = (id: string) => groupList.find((group) => group.id === id)?.name ?? id;
  const columns = useRuleColumns({
    variableName,
    groupName,
    renderEnabled: (enabled, rule) => (
      <Switch
        size="small"
        checked={enabled}
        disabled={!editable}
        loading={enable.isPending && enable.variables.id === rule.id}
        aria-label={t('alarm.fields.enabled')}
        onChange={(next) => enable.mutate({ id: rule.id, enabled: next })}
      />
    ),
  });

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          {t('alarm.rule.title')}
          {capacity ? (
            <Tag color={full ? 'red' : undefined} data-testid="alarm-capacity">
              {t('alarm.rule.capacity', { used: capacity.used, total: capacity.total })}
            </Tag>
          ) : null}
        </Space>
      }
      extra={
        editable ? (
          <Tooltip title={full ? t('alarm.rule.full') : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={full || !rules.data}
              onClick={() => setEditing('new')}
              data-testid="rule-add"
            >
              {t('alarm.rule.add')}
            </Button>
          </Tooltip>
        ) : null
      }
    >
      {rules.error ? <Typography.Text type="danger">{describeFailure(rules.error)}</Typography.Text> : null}
      <Table<AlarmRule>
        rowKey="id"
        size="small"
        loading={rules.isPending}
        dataSource={rules.data?.rules ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('alarm.rule.empty') }}
        columns={[
          ...columns,
          ...(editable
            ? [
                {
                  title: t('monitor.common.actions'),
                  key: 'actions',
                  width: 130,
                  fixed: 'right' as const,
                  render: (_value: unknown, rule: AlarmRule) => (
                    <RowActions
                      onEdit={() => setEditing(rule)}
                      onDelete={() => remove.mutateAsync(rule.id)}
                      deleteTitle={t('alarm.rule.deleteTitle', { name: rule.name })}
                      deleteText={t('alarm.rule.deleteText')}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <RuleDialog
          productId={productId}
          rule={editing === 'new' ? null : editing}
          variables={variableList}
          groups={groupList}
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
