/**
 * Sign-in by SMS code. A phone the platform has not seen gets a new account that must be completed
 * first; the landing rule sends such an account to the first-time screen. After several failures
 * from the same network the platform asks for the picture check with the sign-in (1150): the form's
 * picture, which also guards sending codes, is then answered again and its ticket sent along.
 */
import { MobileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError, translateCatalogue } from '../../app/messages.ts';
import { useCaptchaPicture } from './CaptchaPicture.tsx';
import { FormAlert } from './FormAlert.tsx';
import { asksForPictureCheck } from './sign-in-challenge.ts';
import { SmsCodeFields } from './SmsCodeFields.tsx';
import { useFormError, useFormRules, useLandAfterSignIn } from './use-form-support.ts';

interface SmsLoginValues {
  tel: string;
  smsCode: string;
  captcha?: string;
}

const FIELDS = ['tel', 'smsCode'] as const;

/** Thrown before anything is sent when the picture has no answer yet. */
class MissingPictureAnswer extends Error {}

export function SmsLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsLoginValues>();
  const rules = useFormRules();
  const land = useLandAfterSignIn();
  const locale = useLocaleStore((state) => state.locale);
  const { alertText, showError, clearError } = useFormError(form, FIELDS);
  const picture = useCaptchaPicture();
  const [pictureNeeded, setPictureNeeded] = useState(false);

  const signIn = useMutation({
    mutationFn: async ({ tel, smsCode, captcha }: SmsLoginValues) => {
      const answer = captcha?.trim() ?? '';
      if (pictureNeeded && !answer) throw new MissingPictureAnswer();
      const proof = pictureNeeded ? await picture.solve(answer) : {};
      return authApi.loginWithSmsCode({ tel: tel.trim(), smsCode: smsCode.trim(), ...proof });
    },
    onSuccess: land,
    onError: (error) => {
      if (error instanceof MissingPictureAnswer) {
        form.setFields([{ name: 'captcha', errors: [translateCatalogue('1114', locale)] }]);
        return;
      }
      if (pictureNeeded) {
        form.setFieldValue('captcha', '');
        picture.renew();
      }
      if (asksForPictureCheck(error)) {
        setPictureNeeded(true);
        form.setFields([{ name: 'captcha', errors: [describeError(error, locale)] }]);
        return;
      }
      showError(error, 'smsCode');
    },
  });

  return (
    <Form
      form={form}
      name="login-sms"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => signIn.mutate(values)}
      onValuesChange={clearError}
    >
      <FormAlert text={alertText} />
      <Form.Item name="tel" label={t('fields.tel')} rules={rules.phone}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('placeholders.tel')}
          autoComplete="tel"
          inputMode="tel"
        />
      </Form.Item>
      <SmsCodeFields
        form={form}
        picture={picture}
        send={(proof) => authApi.sendSmsCode({ ...proof, purpose: 'login' })}
      />
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
