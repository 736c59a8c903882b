/**
 * Sign-in by account (username or phone) and password, both encrypted for the platform's key. After
 * several failures from the same network the platform asks for the picture check (1150): the form
 * then shows the picture and sends its ticket with every further try.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError, translateCatalogue } from '../../app/messages.ts';
import { CaptchaPictureField, useCaptchaPicture } from './CaptchaPicture.tsx';
import { FormAlert } from './FormAlert.tsx';
import { sealCredentials } from './login-crypto.ts';
import { asksForPictureCheck } from './sign-in-challenge.ts';
import { useFormError, useFormRules, useLandAfterSignIn } from './use-form-support.ts';

interface PasswordLoginValues {
  account: string;
  password: string;
  captcha?: string;
}

const FIELDS = ['account', 'password'] as const;

/** Thrown before anything is sent when the picture has no answer yet. */
class MissingPictureAnswer extends Error {}

export function PasswordLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordLoginValues>();
  const rules = useFormRules();
  const land = useLandAfterSignIn();
  const locale = useLocaleStore((state) => state.locale);
  const { alertText, showError, clearError } = useFormError(form, FIELDS);
  const [pictureNeeded, setPictureNeeded] = useState(false);
  const picture = useCaptchaPicture(pictureNeeded);

  const signIn = useMutation({
    mutationFn: async ({ account, password, captcha }: PasswordLoginValues) => {
      const answer = captcha?.trim() ?? '';
      if (pictureNeeded && !answer) throw new MissingPictureAnswer();
      const proof = pictureNeeded ? await picture.solve(answer) : {};
      const key = await authApi.fetchPublicKey();
      const body = await sealCredentials(key, account.trim(), password, Date.now());
      return authApi.loginWithEncryptedPassword({ ...body, ...proof });
    },
    onSuccess: land,
    onError: (error) => {
      if (error instanceof MissingPictureAnswer) {
        form.setFields([{ name: 'captcha', errors: [translateCatalogue('1114', locale)] }]);
        return;
      }
      if (pictureNeeded) {
        // The answer is spent either way; renew first, because resetting the input clears its message.
        form.setFieldValue('captcha', '');
        picture.renew();
      }
      if (asksForPictureCheck(error) && pictureNeeded) {
        form.setFields([{ name: 'captcha', errors: [describeError(error, locale)] }]);
        return;
      }
      // The first request for a picture check says why above the form, and the picture appears.
      if (asksForPictureCheck(error)) setPictureNeeded(true);
      // Which of the two was wrong is deliberately not told, so the message stays above the form.
      showError(error);
    },
  });

  return (
    <Form
      form={form}
      name="login-password"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => signIn.mutate(values)}
      onValuesChange={clearError}
    >
      <FormAlert text={alertText} />
      <Form.Item name="account" label={t('fields.account')} rules={rules.loginAccount}>
        <Input prefix={<UserOutlined />} placeholder={t('placeholders.account')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={rules.loginPassword}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('placeholders.password')}
          autoComplete="current-password"
        />
      </Form.Item>
      {pictureNeeded && <CaptchaPictureField form={form} picture={picture} />}
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
