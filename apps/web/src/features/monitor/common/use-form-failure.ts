/**
 * Shows a refused call where the person will look: on the input the server named (`data.field`,
 * a dotted path such as `variable.writeUpperLimit`) when the form has it, otherwise above the form.
 * The alert is worded at render time, so it follows a language switch.
 */
import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../api/index.ts';
import { useDescribeFailure } from './catalogue-text.ts';

export type FormFieldName = (string | number)[];

/** The form input a server field path points at, or null when the form has no such input. */
export type FieldLocator = (serverField: string) => FormFieldName | null;

/** Inputs named like the API's fields, optionally under a prefix (`variable.` for `{ variable }` bodies). */
export function locateFields(fields: readonly string[], prefix = ''): FieldLocator {
  return (serverField) => {
    if (!serverField.startsWith(prefix)) return null;
    const path = serverField
      .slice(prefix.length)
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    return typeof path[0] === 'string' && fields.includes(path[0]) ? path : null;
  };
}

export function useFormFailure(form: FormInstance, locate: FieldLocator) {
  const describeFailure = useDescribeFailure();
  const [failure, setFailure] = useState<unknown>(null);

  const showFailure = useCallback(
    (error: unknown) => {
      const name = isApiError(error) && error.field ? locate(error.field) : null;
      if (name) {
        form.setFields([{ name, errors: [describeFailure(error)] }]);
        setFailure(null);
      } else {
        setFailure(error);
      }
    },
    [form, locate, describeFailure],
  );
  const clearFailure = useCallback(() => setFailure(null), []);
  return { alertText: failure === null ? null : describeFailure(failure), showFailure, clearFailure };
}
