/**
 * A form rule from one field of a contracts schema (a coordinate, a share's validity days): the
 * value is checked as typed and refused in the catalogue's words — never moved into range by the
 * input. An empty input passes (the field is optional, or the schema gives its default).
 */
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useLocaleStore } from '../app/i18n.ts';
import { describeViolation } from '../features/monitor/common/catalogue-text.ts';
import { listSchemaIssues } from '../features/monitor/common/schema-rules.ts';

export function useFieldRule(field: z.ZodType): FormRule {
  const locale = useLocaleStore((state) => state.locale);
  return useMemo(
    () => ({
      validator: (_rule, value: unknown) => {
        if (value === null || value === undefined || value === '') return Promise.resolve();
        const issue = listSchemaIssues(field, value)[0];
        return issue
          ? Promise.reject(new Error(describeViolation(issue.violation, locale)))
          : Promise.resolve();
      },
    }),
    [field, locale],
  );
}
