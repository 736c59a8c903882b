/**
 * The frame of a gateway action that removes or resets something: a warning, the action's own
 * choices, and a confirmation box that must be ticked before the danger button works. It runs the
 * action, says the result (the success text, or the failure in the gateway operations' words) and
 * unticks the box after a success.
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Modal, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeOpsFailure } from './gateway-ops-text.ts';

/** What each gateway action dialog is given: the device, whether it shows, and what follows. */
export interface GatewayActionProps {
  deviceId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

interface Props<A> {
  open: boolean;
  title: string;
  intro: string;
  submitText: string;
  confirmText: string;
  /** Prefix of the submit and confirm test ids (`reset` → `reset-submit`, `reset-confirm`). */
  testIdPrefix: string;
  /** Sends the action with the choices made. */
  run: () => Promise<A>;
  /** The success toast, from the platform's answer. */
  doneText: (answer: A) => string;
  onDone: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmedActionDialog<A>(props: Props<A>) {
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const [confirmed, setConfirmed] = useState(false);
  const action = useMutation({
    mutationFn: props.run,
    onSuccess: (answer) => {
      void message.success(props.doneText(answer));
      setConfirmed(false);
      props.onDone();
    },
    onError: (error) => void message.error(describeOpsFailure(error, locale)),
  });
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.submitText}
      okButtonProps={{
        danger: true,
        disabled: !confirmed,
        loading: action.isPending,
        'data-testid': `${props.testIdPrefix}-submit`,
      }}
      onOk={() => action.mutate()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={props.intro} />
        {props.children}
        <Checkbox
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          data-testid={`${props.testIdPrefix}-confirm`}
        >
          {props.confirmText}
        </Checkbox>
      </Space>
    </Modal>
  );
}
