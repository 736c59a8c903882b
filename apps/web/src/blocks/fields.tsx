/**
 * A text input of a form dialog with its label, limit and rules: `required` is the message a blank
 * (or only spaces) input gets; `rows` makes it a text area. More rules (a schema's `ruleFor`, a
 * check of the contract) go in `rules`.
 */
import { Form, Input, type FormRule } from 'antd';
import type { ReactNode } from 'react';

export interface TextFieldProps {
  name: string | (string | number)[];
  label: ReactNode;
  /** The message of a blank input; the input is optional without it. */
  required?: string;
  rules?: FormRule[];
  maxLength?: number;
  /** Shows the count against `maxLength` (on unless said). */
  showCount?: boolean;
  placeholder?: string;
  /** A text area of this many rows. */
  rows?: number;
  extra?: ReactNode;
  disabled?: boolean;
  /** The browser's autofill hint (`off` unless said). */
  autoComplete?: string;
  testId?: string;
}

export function TextField({
  name,
  label,
  required,
  rules = [],
  maxLength,
  showCount = maxLength !== undefined,
  placeholder,
  rows,
  extra,
  disabled,
  autoComplete = 'off',
  testId,
}: TextFieldProps) {
  const input = { maxLength, showCount, placeholder, disabled, autoComplete, 'data-testid': testId };
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={required ? [{ required: true, whitespace: true, message: required }, ...rules] : rules}
    >
      {rows ? <Input.TextArea rows={rows} {...input} /> : <Input {...input} />}
    </Form.Item>
  );
}
