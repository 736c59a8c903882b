/** A product's alarm rules and groups, and its variables as rules need them, shared through the query cache. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { alarmApi } from '../../api/alarm.api.ts';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { RuleVariable } from './rule-form.ts';

export const alarmRulesKey = (productId: string) => ['alarm-rules', productId] as const;
export const alarmGroupsKey = (productId: string) => ['alarm-groups', productId] as const;

export function useAlarmRules(productId: string) {
  return useQuery({
    queryKey: alarmRulesKey(productId),
    queryFn: () => alarmApi.listRules(productId),
    enabled: Boolean(productId),
  });
}

export function useAlarmGroups(productId: string) {
  return useQuery({
    queryKey: alarmGroupsKey(productId),
    queryFn: () => alarmApi.listGroups(productId),
    enabled: Boolean(productId),
  });
}

/** Every variable of the product (the model holds at most a thousand). */
export function useRuleVariables(productId: string) {
  return useQuery({
    queryKey: ['variables', productId, 'alarm'],
    queryFn: async (): Promise<RuleVariable[]> => {
      const page = await catalogueApi.listVariables(productId, { page: 1, pageSize: 1000 });
      return page.list.map((variable) => ({
        key: variable.key,
        name: variable.name,
        unit: variable.unit,
        decimals: variable.decimals,
        dataType: variable.dataType,
      }));
    },
    enabled: Boolean(productId),
  });
}

export function useAlarmConfigChanged(productId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmRulesKey(productId) }),
        queryClient.invalidateQueries({ queryKey: alarmGroupsKey(productId) }),
      ]),
    [queryClient, productId],
  );
}
