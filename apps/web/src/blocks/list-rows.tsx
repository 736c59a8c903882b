/**
 * The buttons of a form's list of rows (escalation steps, recipients, state texts, report
 * variables): the row's delete icon, and the add button under the rows, off once the list is full.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function RemoveRowButton({
  onClick,
  danger,
  icon = <DeleteOutlined />,
}: {
  onClick: () => void;
  danger?: boolean;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      danger={danger}
      icon={icon}
      aria-label={t('monitor.common.delete')}
      onClick={onClick}
    />
  );
}

export function AddRowButton({
  label,
  onClick,
  disabled,
  type,
  testId,
}: {
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  type?: ButtonProps['type'];
  testId?: string;
}) {
  return (
    <Button type={type} icon={<PlusOutlined />} disabled={disabled} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
