/**
 * An action that asks first and then runs: a confirmation dialog, the call, and a toast with the
 * result (the success text, or the failure in the catalogue's words). The dialog closes either way;
 * nothing is thrown. `ConfirmButton` is the button that opens it; `RowActions` the edit and delete
 * links of a table row.
 */
import { App, Button, Space, type ButtonProps } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeFailure } from '../features/monitor/common/catalogue-text.ts';

export interface ConfirmActionOptions<A = unknown> {
  /** The question ("删除硬件型号 X？"). */
  title: ReactNode;
  content?: ReactNode;
  /** The confirming button (`monitor.common.confirm` unless told). */
  okText?: string;
  /** A red confirming button (deleting, revoking); true unless told. */
  danger?: boolean;
  run: () => Promise<A>;
  /** The success toast; none when left out. */
  successText?: string;
  /** After a success, with the answer (refetch the list). */
  onDone?: (answer: A) => unknown;
  /** Words a failure; the data screens' wording unless the screen has its own. */
  describeError?: (error: unknown) => string;
}

/** Opens the confirmation of an action; resolves when the dialog closes (after the call ends). */
export function useConfirmAction(): <A>(options: ConfirmActionOptions<A>) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const describeFailure = useDescribeFailure();
  return useCallback(
    <A,>({
      title,
      content,
      okText,
      danger = true,
      run,
      successText,
      onDone,
      describeError,
    }: ConfirmActionOptions<A>) => {
      modal.confirm({
        title,
        content,
        okText: okText ?? t('monitor.common.confirm'),
        okButtonProps: { danger },
        cancelText: t('monitor.common.cancel'),
        onOk: () =>
          run().then(
            (answer) => {
              if (successText) void message.success(successText);
              return onDone?.(answer);
            },
            (error: unknown) => void message.error((describeError ?? describeFailure)(error)),
          ),
      });
    },
    [t, modal, message, describeFailure],
  );
}

export interface ConfirmButtonProps<A = unknown> extends ConfirmActionOptions<A> {
  /** The button's text. */
  label: ReactNode;
  /** A link button unless told. */
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

export function ConfirmButton<A = unknown>({
  label,
  type = 'link',
  size = 'small',
  icon,
  disabled,
  testId,
  ...options
}: ConfirmButtonProps<A>) {
  const confirm = useConfirmAction();
  return (
    <Button
      {...{ type, size, icon, disabled }}
      danger={options.danger ?? true}
      data-testid={testId}
      onClick={() => confirm(options)}
    >
      {label}
    </Button>
  );
}

export interface RowActionsProps {
  /** The edit link; left out when the row cannot be edited. */
  onEdit?: () => void;
  /** The delete link with its question; left out when the row cannot be deleted. */
  remove?: Omit<ConfirmActionOptions, 'okText' | 'danger'>;
  /** More links before edit and delete. */
  children?: ReactNode;
  /** More links between edit and delete (copy). */
  beforeDelete?: ReactNode;
}

/** A row's links: its own, then edit, then delete (asked first, toasted after). */
export function RowActions({ onEdit, remove, children, beforeDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {children}
      {onEdit ? (
        <Button type="link" size="small" onClick={onEdit}>
          {t('monitor.common.edit')}
        </Button>
      ) : null}
      {beforeDelete}
      {remove ? (
        <ConfirmButton
          label={t('monitor.common.delete')}
          okText={t('monitor.common.delete')}
          successText={t('monitor.common.deleted')}
          {...remove}
        />
      ) : null}
    </Space>
  );
}
