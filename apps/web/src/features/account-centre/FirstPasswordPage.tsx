/**
 * Replacing a one-time password (/account/first-password): an account staff created, or whose
 * password staff reset, signs in with the password it was given and must choose its own here
 * before anything else. The guard sends it here from every other screen, and the platform refuses
 * every other call of the session (1171) until the new password is set; signing out stays open.
 */
import type { FirstPasswordRequest } from '@lyyp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { authApi } from '../../api/index.ts';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';
import { useSessionStore } from '../../app/session-store.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { useFormError, useLandAfterSignIn } from '../auth/use-form-support.ts';

const FIELDS = ['password', 'confirmPassword'] as const;

export default function FirstPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FirstPasswordRequest>();
  const land = useLandAfterSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clear = useSessionStore((state) => state.clear);
  const { alertText, showError, clearError } = useFormError(form, FIELDS);

  const change = useMutation({
    mutationFn: (values: FirstPasswordRequest) => accountCentreApi.replaceOneTimePassword(values),
    onSuccess: (user) => {
      void message.success(t('accountCentre.firstPassword.done'));
      land(user);
    },
    onError: (error) => showError(error),
  });
  const signOut = useMutation({
    mutationFn: () => authApi.logout(),
    onSettled: () => {
      clear();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });

  return (
    <PublicFrame>
      <PublicCard title={t('routes.AccountFirstPassword')}>
        <Typography.Paragraph type="secondary" data-testid="first-password-intro">
          {t('accountCentre.firstPassword.intro')}
        </Typography.Paragraph>
        <Form
          form={form}
          name="firstPassword"
          layout="vertical"
          size="large"
          onFinish={(values) => change.mutate(values)}
          onValuesChange={() => clearError()}
        >
          <FormAlert text={alertText} />
          <NewPasswordFields label="fields.newPassword" />
          <Button type="primary" htmlType="submit" block loading={change.isPending}>
            {t('accountCentre.firstPassword.submit')}
          </Button>
          <Button type="link" block loading={signOut.isPending} onClick={() => signOut.mutate()}>
            {t('accountCentre.firstPassword.signOut')}
          </Button>
        </Form>
      </PublicCard>
    </PublicFrame>
  );
}
