/**
 * Shows a refused call where the person will look: on the input the server named (`data.field`,
 * a dotted path such as `variable.writeUpperLimit`) when the form has it, otherwise above the form.
 * The alert is worded at render time, so it follows a language switch.
 */
import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../api/index.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { requiredText } from '../../auth/form-rules.ts';
import { labelFieldPath, useDescribeFailure } from './catalogue-text.ts';

/** The server's "missing parameter" (1001), shown on its input, asks for it as the form would. */
export const MISSING_PARAMETER_CODE = '1001';

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

/** `describe` words a failure when the screen has its own wording (the alarm screens' labels). */
export function useFormFailure(
  form: FormInstance,
  locate: FieldLocator,
  describe?: (error: unknown) => string,
) {
  const describeData = useDescribeFailure();
  const describeFailure = describe ?? describeData;
  const locale = useLocaleStore((state) => state.locale);
  const [failure, setFailure] = useState<unknown>(null);

  const showFailure = useCallback(
    (error: unknown) => {
      const field = isApiError(error) ? error.field : undefined;
      const name = field ? locate(field) : null;
      if (field && name) {
        const text =
          isApiError(error) && error.code === MISSING_PARAMETER_CODE
            ? requiredText(labelFieldPath(field, locale), locale)
            : describeFailure(error);
        form.setFields([{ name, errors: [text] }]);
        setFailure(null);
      } else {
        setFailure(error);
      }
    },
    [form, locate, describeFailure, locale],
  );
  const clearFailure = useCallback(() => setFailure(null), []);
  return { alertText: failure === null ? null : describeFailure(failure), showFailure, clearFailure };
}
