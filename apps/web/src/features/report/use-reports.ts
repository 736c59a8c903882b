/** A product's reports and its variables as the report dialog needs them, shared through the query cache. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { reportApi } from '../../api/report.api.ts';
import type { ReportVariableOption } from './report-form.ts';

export const productReportsKey = (productId: string) => ['product-reports', productId] as const;

export function useProductReports(productId: string) {
  return useQuery({
    queryKey: productReportsKey(productId),
    queryFn: () => reportApi.listReports(productId),
    enabled: Boolean(productId),
  });
}

/** Every variable of the product (the model holds at most a thousand). */
export function useReportVariables(productId: string) {
  return useQuery({
    queryKey: ['variables', productId, 'report'],
    queryFn: async (): Promise<ReportVariableOption[]> => {
      const page = await catalogueApi.listVariables(productId, { page: 1, pageSize: 1000 });
      return page.list.map((variable) => ({
        key: variable.key,
        name: variable.name,
        unit: variable.unit,
        dataType: variable.dataType,
      }));
    },
    enabled: Boolean(productId),
  });
}

export function useReportsChanged(productId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: productReportsKey(productId) }),
    [queryClient, productId],
  );
}
