/**
 * A form rule from one field of a contracts schema (a coordinate, a share's validity days): the
 * value is checked as typed and refused in the catalogue's words — never moved into range by the
 * input. An empty input passes (the field is optional, or the schema gives its default).
 */
import type { Locale } from '@lyyp/contracts';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useLocaleStore } from '../app/i18n.ts';
import { describeViolation } from '../features/monitor/common/catalogue-text.ts';
import { listSchemaIssues } from '../features/monitor/common/schema-rules.ts';

/** What the field says about a value: null when it takes it, else the catalogue's words. */
export function checkField(field: z.ZodType, value: unknown, locale: Locale): string | null {
  if (value === null || value === undefined || value === '') return null;
  const issue = listSchemaIssues(field, value)[0];
  return issue ? describeViolation(issue.violation, locale) : null;
}

export function useFieldRule(field: z.ZodType): FormRule {
  const locale = useLocaleStore((state) => state.locale);
  return useMemo(
    () => ({
      validator: (_rule, value: unknown) => {
        const complaint = checkField(field, value, locale);
        return complaint ? Promise.reject(new Error(complaint)) : Promise.resolve();
      },
    }),
    [field, locale],
  );
}
