/** Password recovery, step 2: the new password for the phone proven in step 1. */
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { authApi, isApiError, type NewPasswordRequest } from '../../api/index.ts';
import { useFormError } from '../auth/use-form-support.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { FIRST_STEP_PATH, reachedStep, stepState } from './findpwd-steps.ts';

const FIELDS = ['password', 'confirmPassword'] as const;
/** The proof from step 1 is missing or expired: the person has to start again. */
const RESTART_CODES: ReadonlySet<string> = new Set(['1124', '1125']);

export default function FindpwdPasswordPage() {
  const { t } = useTranslation();
  const { tel = '' } = useParams();
  const [form] = Form.useForm<NewPasswordRequest>();
  const navigate = useNavigate();
  const location = useLocation();
  const { alertText, showError, clearError } = useFormError(form, FIELDS);

  const submit = useMutation({
    mutationFn: authApi.submitFindpwd,
    onSuccess: () => void navigate('/findpwd/finish', { replace: true, state: stepState('finished') }),
    onError: (error) => showError(error),
  });
  const mustRestart = isApiError(submit.error) && RESTART_CODES.has(submit.error.code);
  if (!reachedStep(location.state, 'verified')) return <Navigate to={FIRST_STEP_PATH} replace />;

  return (
    <Form
      form={form}
      name="findpwd-password"
      layout="vertical"
      size="large"
      onFinish={(values) => submit.mutate(values)}
      onValuesChange={clearError}
    >
      <Typography.Paragraph type="secondary">{t('findpwd.passwordIntro', { tel })}</Typography.Paragraph>
      <FormAlert
        text={alertText}
        action={mustRestart ? <Link to="/findpwd/tel">{t('findpwd.steps.tel')}</Link> : undefined}
      />
      <NewPasswordFields label="fields.newPassword" />
      <Button type="primary" htmlType="submit" block loading={submit.isPending}>
        {t('findpwd.submit')}
      </Button>
    </Form>
  );
}
