/**
 * The columns of an alarm rule list: name, variable, condition (with its dead band), filter count,
 * groups, push methods and the enabled state, drawn the same in the product's alert tab (where the
 * state is a switch) and in a device's management wizard (where it is read).
 */
import type { AlarmRule } from '@lyyp/contracts/alarm';
import { Tag, Tooltip, Typography } from 'antd';
import type { ConsoleColumn } from '../../blocks/index.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';
import { channelName, conditionName } from './alarm-text.ts';
import { describeCondition } from './rule-form.ts';

export interface RuleColumnNames {
  variableName: (key: string) => string;
  groupName: (id: string) => string;
  /** The enabled cell; a tag by default. */
  renderEnabled?: (enabled: boolean, rule: AlarmRule) => ReactNode;
}

export function useRuleColumns({
  variableName,
  groupName,
  renderEnabled,
}: RuleColumnNames): ConsoleColumn<AlarmRule>[] {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return [
    { title: t('alarm.fields.name'), dataIndex: 'name', width: 140 },
    {
      title: t('alarm.fields.variableKey'),
      dataIndex: 'variableKey',
      width: 140,
      render: (key: string) => variableName(key),
    },
    {
      title: t('alarm.fields.operator'),
      key: 'condition',
      width: 150,
      render: (_value, rule) => (
        <Tooltip title={conditionName(rule.condition.operator, locale)}>
          <Typography.Text code>{describeCondition(rule, variableName)}</Typography.Text>
          {rule.deadBand > 0 ? <Typography.Text type="secondary"> ±{rule.deadBand}</Typography.Text> : null}
        </Tooltip>
      ),
    },
    { title: t('alarm.fields.filterCount'), dataIndex: 'filterCount', width: 90 },
    {
      title: t('alarm.fields.groupIds'),
      dataIndex: 'groupIds',
      width: 130,
      render: (ids: string[]) => (ids.length ? ids.map((id) => <Tag key={id}>{groupName(id)}</Tag>) : '—'),
    },
    {
      title: t('alarm.fields.pushMethods'),
      dataIndex: 'pushMethods',
      width: 160,
      render: (codes: AlarmRule['pushMethods']) =>
        codes.map((code) => <Tag key={code}>{channelName(code, locale)}</Tag>),
    },
    {
      title: t('alarm.fields.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, rule) =>
        renderEnabled ? (
          renderEnabled(enabled, rule)
        ) : (
          <Tag color={enabled ? 'success' : 'default'}>
            {enabled ? t('alarm.rule.on') : t('alarm.rule.off')}
          </Tag>
        ),
    },
  ];
}
