/**
 * Writing a value to a device variable: the value is checked with `checkWriteValue` before anything
 * is sent, confirmed by the person, then followed through the §7 polling schedule until the device
 * confirms it or the write fails (an offline or dormant gateway fails at once). Closing the dialog
 * while waiting cancels the wait (1402).
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Space, Spin } from 'antd';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { commandApi } from '../../api/command.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeFailure, describeViolation } from './common/catalogue-text.ts';
import type { DeviceVariable } from './use-device.ts';
import { formatValue } from './value-format.ts';
import { reduceWrite, startWrite, type WritableVariable } from './write-dialog-state.ts';

/** Without the model, the platform checks the value alone. */
const UNKNOWN_VARIABLE: WritableVariable = {
  dataType: 'double',
  readWrite: 'read-write',
  writePermission: true,
};

export function WriteDialog({
  deviceId,
  variable,
  currentValue,
  onClose,
}: {
  deviceId: string;
  variable: DeviceVariable;
  currentValue: unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [state, dispatch] = useReducer(reduceWrite, startWrite());
  const cancel = useRef<AbortController | null>(null);
  const definition = variable.definition;
  const mapping = definition?.stateMapping ?? [];

  const write = useMutation({
    mutationFn: (value: string | number) => {
      cancel.current = new AbortController();
      return commandApi.writeValue(deviceId, variable.key, value, {
        signal: cancel.current.signal,
        onAttempt: (attempt, waitedSeconds) => dispatch({ type: 'progress', attempt, waitedSeconds }),
      });
    },
    onSuccess: (reply) => dispatch({ type: 'replied', reply }),
    onError: (error) => dispatch({ type: 'threw', error }),
  });
  useEffect(() => () => cancel.current?.abort(), []);

  const send = () => {
    if (state.step !== 'confirming') return;
    dispatch({ type: 'send' });
    write.mutate(typeof state.value === 'number' ? state.value : String(state.value));
  };
  const shown = (value: unknown) => formatValue(definition, value as number | string | null);
  const limits =
    definition && (definition.writeLowerLimit !== undefined || definition.writeUpperLimit !== undefined)
      ? `${definition.writeLowerLimit ?? '−∞'} ~ ${definition.writeUpperLimit ?? '+∞'}`
      : null;

  const footer = {
    editing: [
      <Button key="cancel" onClick={onClose} data-testid="write-close">
        {t('monitor.common.cancel')}
      </Button>,
      <Button
        key="next"
        data-testid="write-next"
        type="primary"
        onClick={() => dispatch({ type: 'submit', variable: definition ?? UNKNOWN_VARIABLE })}
      >
        {t('monitor.write.next')}
      </Button>,
    ],
    confirming: [
      <Button key="back" onClick={() => dispatch({ type: 'back' })}>
        {t('monitor.common.back')}
      </Button>,
      <Button key="send" type="primary" danger onClick={send} data-testid="write-confirm">
        {t('monitor.write.send')}
      </Button>,
    ],
    sending: [
      <Button key="stop" onClick={onClose}>
        {t('monitor.write.stopWaiting')}
      </Button>,
    ],
    confirmed: [
      <Button key="close" type="primary" onClick={onClose} data-testid="write-close">
        {t('monitor.common.close')}
      </Button>,
    ],
    failed: [
      <Button key="close" onClick={onClose} data-testid="write-close">
        {t('monitor.common.close')}
      </Button>,
      <Button key="retry" type="primary" onClick={() => dispatch({ type: 'back' })}>
        {t('monitor.write.retry')}
      </Button>,
    ],
  }[state.step];

  return (
    <Modal
      open
      title={t('monitor.write.title', { name: variable.name })}
      footer={footer}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Space
        orientation="vertical"
        size="middle"
        style={{ width: '100%' }}
        data-testid="write-dialog"
        data-step={state.step}
      >
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('monitor.write.current')}>{shown(currentValue)}</Descriptions.Item>
          {limits ? <Descriptions.Item label={t('monitor.write.limits')}>{limits}</Descriptions.Item> : null}
        </Descriptions>
        {state.step === 'editing' ? (
          <Form
            layout="vertical"
            onFinish={() => dispatch({ type: 'submit', variable: definition ?? UNKNOWN_VARIABLE })}
          >
            <Form.Item
              label={t('monitor.write.newValue')}
              validateStatus={state.violation ? 'error' : ''}
              help={state.violation ? describeViolation(state.violation, locale) : undefined}
            >
              {mapping.length > 0 ? (
                <Select
                  value={state.input === '' ? undefined : state.input}
                  onChange={(value: string) => dispatch({ type: 'input', input: value })}
                  options={mapping.map((entry) => ({
                    value: String(entry.value),
                    label: `${entry.text} (${entry.value})`,
                  }))}
                />
              ) : (
                <Input
                  autoFocus
                  name="write-value"
                  value={state.input}
                  suffix={definition?.unit || undefined}
                  onChange={(event) => dispatch({ type: 'input', input: event.target.value })}
                  onPressEnter={() => dispatch({ type: 'submit', variable: definition ?? UNKNOWN_VARIABLE })}
                />
              )}
            </Form.Item>
          </Form>
        ) : null}
        {state.step === 'confirming' ? (
          <Alert
            type="warning"
            showIcon
            title={t('monitor.write.confirm', { name: variable.name, value: shown(state.value) })}
          />
        ) : null}
        {state.step === 'sending' ? (
          <Space data-testid="write-progress">
            <Spin size="small" />
            {state.attempt === 0
              ? t('monitor.write.sending')
              : t('monitor.write.waiting', { attempt: state.attempt, seconds: state.waitedSeconds })}
          </Space>
        ) : null}
        {state.step === 'confirmed' ? (
          <Alert
            type="success"
            showIcon
            role="status"
            title={t('monitor.write.confirmed', { value: shown(state.confirmedValue) })}
          />
        ) : null}
        {state.step === 'failed' ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('monitor.write.failed')}
            description={describeFailure(state.error, locale)}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
