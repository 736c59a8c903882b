/** A product's alarm rules and groups, and its variables as rules need them, shared through the query cache. */
import { alarmApi } from '../../api/alarm.api.ts';
import { useProductQuery, useProductVariables, useRefreshLists } from '../product/product-queries.ts';
import type { RuleVariable } from './rule-form.ts';

export const alarmRulesKey = (productId: string) => ['alarm-rules', productId] as const;
export const alarmGroupsKey = (productId: string) => ['alarm-groups', productId] as const;
const alarmConfigKeys = (productId: string) => [alarmRulesKey(productId), alarmGroupsKey(productId)];

export const useAlarmRules = (productId: string) =>
  useProductQuery(alarmRulesKey(productId), productId, alarmApi.listRules);

export const useAlarmGroups = (productId: string) =>
  useProductQuery(alarmGroupsKey(productId), productId, alarmApi.listGroups);

export const useRuleVariables = (productId: string) =>
  useProductVariables(productId, 'alarm', ({ key, name, unit, decimals, dataType }): RuleVariable => ({
    key,
    name,
    unit,
    decimals,
    dataType,
  }));

export const useAlarmConfigChanged = (productId: string) => useRefreshLists(productId, alarmConfigKeys);
