/**
 * A dialog with a form that saves to the platform. It checks the inputs first (with the rules the
 * fields carry, and, when given a contracts schema, the schema's rules in the catalogue's words:
 * `ruleFor(['name'])`); an empty or refused form shows its messages on the inputs and nothing is
 * thrown. While the call runs the save button spins; a refusal that names an input shows on that
 * input, anything else above the form; a success says so (`monitor.common.saved` unless told),
 * calls `onSaved` with the answer and closes.
 */
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal, type ButtonProps, type FormInstance, type ModalProps } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocaleStore } from '../app/i18n.ts';
import { FormAlert } from '../features/auth/FormAlert.tsx';
import {
  revalidateFailingFields,
  schemaRule,
  type RuleFor,
} from '../features/monitor/common/schema-rules.ts';
import {
  locateFields,
  useFormFailure,
  type FieldLocator,
} from '../features/monitor/common/use-form-failure.ts';

/** Rules from a contracts schema for the inputs of a form (see `schemaRule`). */
export function useSchemaRules(
  schema: z.ZodType | undefined,
  toInput: (values: Record<string, unknown>) => unknown = (values) => values,
): RuleFor {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback(
    (path, options) => (schema ? [schemaRule(schema, path, toInput, locale, options)] : []),
    [schema, toInput, locale],
  );
}

/** A server field path points at an input the form has registered (by its name or its first part). */
function registeredLocator(form: FormInstance): FieldLocator {
  return (serverField) => {
    const path = serverField.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const names = form.getFieldsError().map((field) => field.name.join('.'));
    if (names.includes(path.join('.'))) return path;
    return typeof path[0] === 'string' && names.includes(path[0]) ? path : null;
  };
}

export interface FormDialogTools<V> {
  form: FormInstance<V>;
  /** Schema rules for an input (empty without a schema). */
  ruleFor: RuleFor;
  pending: boolean;
}

/** What a check before sending found: complaints on inputs, and one for above the form. */
export interface FormCheck {
  fields?: { name: (string | number)[]; errors: string[] }[];
  alert?: string | null;
}

export interface FormDialogProps<V, A = unknown> {
  title: ReactNode;
  /** Shown unless false (screens that mount the dialog only while open leave it out). */
  open?: boolean;
  onClose: () => void;
  /** Sends the checked values; its rejection is shown, never thrown. */
  submit: (values: V) => Promise<A>;
  /**
   * A last check of the whole form before sending (a contracts schema across inputs): what it
   * returns is shown and nothing is sent; null sends.
   */
  check?: (values: V) => FormCheck | null;
  /** After a success, with the platform's answer. */
  onSaved?: (answer: A, values: V) => void;
  /** The success toast; `null` for none (the caller shows what was made). */
  successText?: string | null;
  /** Stays open after a success (the caller shows what was made in it). */
  keepOpen?: boolean;
  initialValues?: Partial<V>;
  /** The caller's form, when it watches or sets values. */
  form?: FormInstance<V>;
  /** The form's name (input ids are `<name>_<field>`). */
  name?: string;
  /** Contracts schema for `ruleFor`, with `toInput` turning the form's values into what it parses. */
  schema?: z.ZodType;
  toInput?: (values: Record<string, unknown>) => unknown;
  /** Which inputs a refused call's `data.field` may name; the registered inputs unless told. */
  fields?: readonly string[] | FieldLocator;
  /** Words a failure above the form (the data screens' wording unless the screen has its own). */
  describeError?: (error: unknown) => string;
  /** Shown but not changed: the form is disabled and the save button off. */
  readOnly?: boolean;
  okText?: string;
  okButtonProps?: ButtonProps & { 'data-testid'?: string };
  width?: number;
  /** A tall form scrolls inside the dialog. */
  scrollBody?: boolean;
  layout?: 'vertical' | 'horizontal';
  testId?: string;
  onValuesChange?: (changed: Partial<V>, values: V) => void;
  modalProps?: Omit<ModalProps, 'open' | 'title' | 'onOk' | 'onCancel' | 'confirmLoading'>;
  children: ReactNode | ((tools: FormDialogTools<V>) => ReactNode);
}

export function FormDialog<V extends object, A = unknown>({
  title,
  open = true,
  onClose,
  submit,
  check,
  onSaved,
  successText,
  keepOpen = false,
  initialValues,
  form: givenForm,
  name,
  schema,
  toInput,
  fields,
  describeError,
  readOnly = false,
  okText,
  okButtonProps,
  width,
  scrollBody = false,
  layout = 'vertical',
  testId,
  onValuesChange,
  modalProps,
  children,
}: FormDialogProps<V, A>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ownForm] = Form.useForm<V>();
  const form = givenForm ?? ownForm;
  const locate = useMemo<FieldLocator>(
    () =>
      typeof fields === 'function'
        ? fields
        : fields
          ? locateFields(fields)
          : registeredLocator(form as FormInstance),
    [fields, form],
  );
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locate, describeError);
  const [checkAlert, setCheckAlert] = useState<string | null>(null);
  const ruleFor = useSchemaRules(schema, toInput);
  const save = useMutation({
    mutationFn: submit,
    onMutate: clearFailure,
    onSuccess: (answer, values) => {
      if (successText !== null) void message.success(successText ?? t('monitor.common.saved'));
      onSaved?.(answer, values);
      if (!keepOpen) onClose();
    },
    onError: showFailure,
  });
  const tools: FormDialogTools<V> = { form, ruleFor, pending: save.isPending };

  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={okText ?? t('monitor.common.save')}
      cancelText={t('monitor.common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ ...okButtonProps, disabled: readOnly || okButtonProps?.disabled }}
      // form.submit() checks the inputs and calls onFinish only when they pass: an empty form shows
      // its messages and nothing is left unhandled.
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      styles={
        scrollBody
          ? { body: { maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden', paddingInline: 8 } }
          : undefined
      }
      {...modalProps}
    >
      <FormAlert text={checkAlert ?? alertText} />
      <Form<V>
        form={form}
        name={name}
        layout={layout}
        disabled={readOnly}
        initialValues={initialValues}
        data-testid={testId}
        onFinish={(values) => {
          const found = check?.(values) ?? null;
          setCheckAlert(found?.alert ?? null);
          if (found) form.setFields((found.fields ?? []) as Parameters<typeof form.setFields>[0]);
          else save.mutate(values);
        }}
        onValuesChange={(changed: Partial<V>, values: V) => {
          clearFailure();
          setCheckAlert(null);
          if (schema) revalidateFailingFields(form as FormInstance);
          onValuesChange?.(changed, values);
        }}
      >
        {typeof children === 'function' ? children(tools) : children}
      </Form>
    </Modal>
  );
}

/** The props of a dialog that adds (`item` null) or edits one thing and tells its list when saved. */
export interface EditDialogProps<T> {
  item: T | null;
  onClose: () => void;
  onSaved: () => void;
}
