/** The error line above a form, for failures no single input can own. */
import { Alert } from 'antd';
import type { ReactNode } from 'react';

export function FormAlert({ text, action }: { text: string | null; action?: ReactNode }) {
  if (!text) return null;
  return (
    <Alert type="error" showIcon title={text} action={action} style={{ marginBottom: 16 }} role="alert" />
  );
}
