/**
 * The picture check and SMS code inputs that sign-in by SMS, registration and password recovery share.
 * Sending a code first proves a person is asking (the picture answer is exchanged for a one-time
 * ticket), then asks the platform to text the phone, then counts down until a resend is allowed.
 * A ticket is good once, so the picture is renewed after every attempt. SMS sign-in shares its
 * picture with the form, which also needs it when the platform asks for a check with the sign-in.
 */
import type { SmsSent } from '@lyyp/contracts';
import { App, Button, Form, Input, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type PhoneCaptchaProof } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError, translateCatalogue } from '../../app/messages.ts';
import styles from './auth.module.css';
import { CaptchaPictureField, useCaptchaPicture, type CaptchaPicture } from './CaptchaPicture.tsx';
import { CAPTCHA_CODES } from './sign-in-challenge.ts';
import { useCountdown } from './use-countdown.ts';
import { useFormRules } from './use-form-support.ts';

const RESEND_WAIT_CODE = '1126';

interface SmsCodeFieldsProps {
  form: FormInstance;
  /** Form field holding the phone the code goes to. */
  telField?: string;
  send: (proof: PhoneCaptchaProof) => Promise<SmsSent>;
  /** The picture, when the form uses it for more than sending (SMS sign-in); else one of its own. */
  picture?: CaptchaPicture;
  /** The code input's label when the code does not come by SMS (password recovery by email). */
  codeLabel?: string;
}

export function SmsCodeFields({ form, telField = 'tel', send, picture, codeLabel }: SmsCodeFieldsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useFormRules();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const ownPicture = useCaptchaPicture(picture === undefined);
  const captcha = picture ?? ownPicture;

  const renewCaptcha = () => {
    form.setFieldValue('captcha', '');
    captcha.renew();
  };

  const handleSend = async () => {
    try {
      await form.validateFields([telField]);
    } catch {
      return;
    }
    const tel = String(form.getFieldValue(telField)).trim();
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    if (!answer || !captcha.image) {
      form.setFields([{ name: 'captcha', errors: [translateCatalogue('1114', locale)] }]);
      return;
    }
    setSending(true);
    let failure: unknown = null;
    try {
      const proof = await captcha.solve(answer);
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
      <CaptchaPictureField form={form} picture={captcha} />
      <Form.Item label={codeLabel ?? t('fields.smsCode')} required>
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
