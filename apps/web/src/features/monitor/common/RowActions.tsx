/**
 * The edit and delete links of a table row, the delete asking first in a confirmation dialog.
 * Shared by the data screens' lists so every list asks the same way.
 */
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  onEdit: () => void;
  /** Deletes the row; a failure is shown by the caller's mutation, the dialog just closes. */
  onDelete: () => Promise<unknown>;
  deleteTitle: string;
  deleteText?: string;
}

export function RowActions({ onEdit, onDelete, deleteTitle, deleteText }: RowActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onEdit}>
        {t('monitor.common.edit')}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        onClick={() => {
          modal.confirm({
            title: deleteTitle,
            content: deleteText,
            okText: t('monitor.common.delete'),
            okButtonProps: { danger: true },
            cancelText: t('monitor.common.cancel'),
            onOk: () => onDelete().catch(() => undefined),
          });
        }}
      >
        {t('monitor.common.delete')}
      </Button>
    </Space>
  );
}
