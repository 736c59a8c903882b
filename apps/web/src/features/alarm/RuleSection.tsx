/**
 * A product's alarm rules: variable, condition, filter count, groups, push methods, enabled switch;
 * add (up to the capacity shown as used/total), edit, delete.
 */
import type { AlarmRule } from '@lyyp/contracts/alarm';
import {} from 'antd';
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
import {
  actionColumn,
  capacityAdd,
  ConsoleTable,
  RowActions,
  ScreenCard,
  useEditor,
  useRowSwitch,
} from '../../blocks/index.ts';

export function RuleSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const describeFailure = useDescribeAlarmFailure();
  const rules = useAlarmRules(productId);
  const groups = useAlarmGroups(productId);
  const variables = useRuleVariables(productId);
  const changed = useAlarmConfigChanged(productId);
  const editor = useEditor<AlarmRule>(changed);
  const enableSwitch = useRowSwitch({
    run: (id: string, enabled) => alarmApi.enableRule(productId, id, enabled),
    onDone: changed,
    describeError: describeFailure,
    editable,
    label: t('alarm.fields.enabled'),
  });

  const variableList = variables.data ?? [];
  const groupList = groups.data?.groups ?? [];
  const variableName = (key: string) => variableList.find((variable) => variable.key === key)?.name ?? key;
  const groupName = (id: string) => groupList.find((group) => group.id === id)?.name ?? id;
  const columns = useRuleColumns({
    variableName,
    groupName,
    renderEnabled: (enabled, rule) => enableSwitch(rule.id, enabled),
  });

  return (
    <ScreenCard
      title={t('alarm.rule.title')}
      {...capacityAdd(t, 'alarm.rule', rules.data?.capacity, editable && (() => editor.open(null)), [
        'alarm-capacity',
        'rule-add',
      ])}
    >
      <ConsoleTable<AlarmRule>
        loading={rules.isPending}
        error={rules.error}
        describeError={describeFailure}
        rows={rules.data?.rules}
        emptyText={t('alarm.rule.empty')}
        columns={[
          ...columns,
          editable &&
            actionColumn(t('monitor.common.actions'), (rule: AlarmRule) => (
              <RowActions
                onEdit={() => editor.open(rule)}
                remove={{
                  title: t('alarm.rule.deleteTitle', { name: rule.name }),
                  content: t('alarm.rule.deleteText'),
                  run: () => alarmApi.deleteRule(productId, rule.id),
                  onDone: changed,
                  describeError: describeFailure,
                }}
              />
            )),
        ]}
      />
      {editor.props ? (
        <RuleDialog productId={productId} variables={variableList} groups={groupList} {...editor.props} />
      ) : null}
    </ScreenCard>
  );
}
