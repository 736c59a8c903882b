/**
 * The frame of a gateway action that removes or resets something: a warning, the action's own
 * choices, and a confirmation box that must be ticked before the danger button works.
 */
import { Alert, Checkbox, Modal, Space } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  intro: string;
  submitText: string;
  confirmText: string;
  /** Prefix of the submit and confirm test ids (`reset` → `reset-submit`, `reset-confirm`). */
  testIdPrefix: string;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmedActionDialog(props: Props) {
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.submitText}
      okButtonProps={{
        danger: true,
        disabled: !props.confirmed,
        loading: props.pending,
        'data-testid': `${props.testIdPrefix}-submit`,
      }}
      onOk={props.onSubmit}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={props.intro} />
        {props.children}
        <Checkbox
          checked={props.confirmed}
          onChange={(event) => props.onConfirmedChange(event.target.checked)}
          data-testid={`${props.testIdPrefix}-confirm`}
        >
          {props.confirmText}
        </Checkbox>
      </Space>
    </Modal>
  );
}
