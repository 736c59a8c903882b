/**
 * The public screens' one-call forms (registration, first-time completion, password recovery): the
 * form with its error placement, the call, and the submit button. A refusal shows on the input the
 * platform blamed (or `fallbackField`), else above the form; any input change clears the alert.
 */
import { useMutation } from '@tanstack/react-query';
import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useFormError } from './use-form-support.ts';

export interface PublicFormOptions<V, R> {
  fields: readonly string[];
  call: (values: V) => Promise<R>;
  onSuccess: (answer: R) => void;
  /** The input a refusal naming no known input is shown on (none: above the form). */
  fallbackField?: string;
  /** After the refusal is shown. */
  onRefused?: (error: unknown, form: FormInstance<V>) => void;
}

export function usePublicForm<V, R>(options: PublicFormOptions<V, R>) {
  const [form] = Form.useForm<V>();
  const { alertText, showError, clearError } = useFormError(form, options.fields);
  const mutation = useMutation({
    mutationFn: options.call,
    onSuccess: options.onSuccess,
    onError: (error) => {
      showError(error, options.fallbackField);
      options.onRefused?.(error, form);
    },
  });
  const formProps = {
    form,
    layout: 'vertical' as const,
    size: 'large' as const,
    onFinish: (values: V) => mutation.mutate(values),
    onValuesChange: clearError,
  };
  return { form, formProps, alertText, mutation };
}

/** The form's full-width primary button. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="primary" htmlType="submit" block loading={pending}>
      {children}
    </Button>
  );
}
