/**
 * The props a tall model dialog (alarm rule, alarm group, variable) gives `FormDialog` when it
 * checks its inputs with its own cross-field rules: the form scrolls inside the dialog, and every
 * change checks again the inputs that were refused (a limit above another input, a channel the
 * group no longer has), so a complaint goes as soon as the other input is put right.
 */
import type { FormInstance } from 'antd';
import { revalidateFailingFields } from '../features/monitor/common/schema-rules.ts';

export function recheckedForm<V>(form: FormInstance<V>, width: number) {
  return {
    form,
    width,
    scrollBody: true,
    onValuesChange: () => revalidateFailingFields(form as FormInstance),
  };
}
