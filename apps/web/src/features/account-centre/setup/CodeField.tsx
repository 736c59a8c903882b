/**
 * A verification code input with its send button and resend countdown, for codes sent to the
 * signed-in person (phone or email): no picture check, the session is the proof.
 */
import { App, Button, Form, Input, Space, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../auth/use-countdown.ts';

interface CodeFieldProps {
  name?: string;
  label: string;
  rules: FormRule[];
  /** Sends the code; answers the seconds until a resend and where it went. */
  send: () => Promise<{ resendAfterSeconds: number; sentTo?: string }>;
  onSendFailed: (error: unknown) => void;
  testId?: string;
}

export function CodeField({ name = 'code', label, rules, send, onSendFailed, testId }: CodeFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const handleSend = async () => {
    setSending(true);
    try {
      const sent = await send();
      countdown.start(sent.resendAfterSeconds);
      void message.success(t('accountCentre.setup.codeSent', { to: sent.sentTo ?? '' }));
    } catch (error) {
      onSendFailed(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={rules}>
          <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid={testId} />
        </Form.Item>
        <Button
          onClick={() => void handleSend()}
          loading={sending}
          disabled={countdown.remaining > 0}
          data-testid={testId ? `${testId}-send` : undefined}
        >
          {countdown.remaining > 0
            ? t('accountCentre.setup.resend', { seconds: countdown.remaining })
            : t('accountCentre.setup.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
