/**
 * The picture check and SMS code inputs that sign-in by SMS, registration and password recovery share.
 * Sending a code first proves a person is asking (the picture answer is exchanged for a one-time
 * ticket), then asks the platform to text the phone, then counts down until a resend is allowed.
 * A ticket is good once, so the picture is renewed after every attempt.
 */
import { ReloadOutlined } from '@ant-design/icons';
import type { SmsSent } from '@lyyp/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Spin, type FormInstance } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, isApiError, type PhoneCaptchaProof } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError, translateCatalogue } from '../../app/messages.ts';
import styles from './auth.module.css';
import { useCountdown } from './use-countdown.ts';
import { useFormRules } from './use-form-support.ts';

/** Answers about the picture check belong under the picture; everything else under the code. */
const CAPTCHA_CODES: ReadonlySet<string> = new Set(['1114', '1115']);
const RESEND_WAIT_CODE = '1126';
/** Renew the picture a little before the platform forgets it. */
const CAPTCHA_RENEW_MARGIN_MS = 5_000;

interface SmsCodeFieldsProps {
  form: FormInstance;
  /** Form field holding the phone the code goes to. */
  telField?: string;
  send: (proof: PhoneCaptchaProof) => Promise<SmsSent>;
}

export function SmsCodeFields({ form, telField = 'tel', send }: SmsCodeFieldsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useFormRules();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const scope = useId();

  const captcha = useQuery({
    queryKey: ['captcha', scope],
    queryFn: authApi.showCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => {
      const lifetime = query.state.data?.expiresInMs;
      return lifetime ? Math.max(lifetime - CAPTCHA_RENEW_MARGIN_MS, 10_000) : false;
    },
  });

  const renewCaptcha = () => {
    form.setFieldValue('captcha', '');
    void captcha.refetch();
  };

  const handleSend = async () => {
    try {
      await form.validateFields([telField]);
    } catch {
      return;
    }
    const tel = String(form.getFieldValue(telField)).trim();
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    if (!answer || !captcha.data) {
      form.setFields([{ name: 'captcha', errors: [translateCatalogue('1114', locale)] }]);
      return;
    }
    setSending(true);
    let failure: unknown = null;
    try {
      const proof = await authApi.verifyCaptcha({ randstr: captcha.data.randstr, answer });
      const sent = await send({ tel, ticket: proof.ticket, randstr: proof.randstr });
      countdown.start(sent.resendAfterSeconds);
      form.setFields([{ name: 'smsCode', errors: [] }]);
      void message.success(t('auth.codeSent'));
    } catch (error) {
      failure = error;
    } finally {
      setSending(false);
    }
    // The answer is spent either way; renew first, because resetting the input also clears its message.
    renewCaptcha();
    if (failure !== null) showSendFailure(failure);
  };

  const showSendFailure = (error: unknown) => {
    const text = describeError(error, locale);
    if (isApiError(error) && error.field === telField) form.setFields([{ name: telField, errors: [text] }]);
    else if (isApiError(error) && CAPTCHA_CODES.has(error.code))
      form.setFields([{ name: 'captcha', errors: [text] }]);
    else form.setFields([{ name: 'smsCode', errors: [text] }]);
    const wait = isApiError(error) && error.code === RESEND_WAIT_CODE ? Number(error.params?.seconds) : 0;
    if (wait > 0) countdown.start(wait);
  };

  const counting = countdown.remaining > 0;
  return (
    <>
      <Form.Item label={t('fields.captcha')} required>
        <div className={styles.inline}>
          <Form.Item name="captcha" noStyle>
            <Input
              placeholder={t('placeholders.captcha')}
              autoComplete="off"
              maxLength={8}
              // The picture has no form rule (it is checked only when sending), so a new answer clears the old message here.
              onChange={() => form.setFields([{ name: 'captcha', errors: [] }])}
            />
          </Form.Item>
          <button
            type="button"
            className={styles.captchaImage}
            onClick={renewCaptcha}
            title={t('auth.refreshCaptcha')}
            aria-label={t('auth.refreshCaptcha')}
            data-testid="captcha-image"
          >
            {captcha.data && !captcha.isFetching ? (
              <img src={captcha.data.image} alt={t('fields.captcha')} />
            ) : captcha.isError ? (
              <span className={styles.captchaFailed}>
                <ReloadOutlined /> {t('auth.captchaFailed')}
              </span>
            ) : (
              <Spin size="small" />
            )}
          </button>
        </div>
      </Form.Item>
      <Form.Item label={t('fields.smsCode')} required>
        <div className={styles.inline}>
          <Form.Item name="smsCode" rules={rules.smsCode} noStyle>
            <Input
              placeholder={t('placeholders.smsCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <Button
            className={styles.sendButton}
            onClick={() => void handleSend()}
            loading={sending}
            disabled={counting}
            data-testid="send-sms-code"
          >
            {counting ? t('auth.resendIn', { seconds: countdown.remaining }) : t('auth.sendCode')}
          </Button>
        </div>
      </Form.Item>
    </>
  );
}
