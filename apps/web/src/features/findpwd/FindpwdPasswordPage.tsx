/** Password recovery, step 2: the new password for the phone proven in step 1. */
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { authApi, isApiError, type NewPasswordRequest } from '../../api/index.ts';
import { SubmitButton, usePublicForm } from '../auth/use-public-form.tsx';
import { FormAlert } from '../auth/FormAlert.tsx';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { FIRST_STEP_PATH, reachedStep, stepState } from './findpwd-steps.ts';

/** The proof from step 1 is missing or expired: the person has to start again. */
const RESTART_CODES: ReadonlySet<string> = new Set(['1124', '1125']);

export default function FindpwdPasswordPage() {
  const { t } = useTranslation();
  const { tel = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    formProps,
    alertText,
    mutation: submit,
  } = usePublicForm<NewPasswordRequest, unknown>({
    fields: ['password', 'confirmPassword'],
    call: authApi.submitFindpwd,
    onSuccess: () => void navigate('/findpwd/finish', { replace: true, state: stepState('finished') }),
  });
  const mustRestart = isApiError(submit.error) && RESTART_CODES.has(submit.error.code);
  if (!reachedStep(location.state, 'verified')) return <Navigate to={FIRST_STEP_PATH} replace />;

  return (
    <Form name="findpwd-password" {...formProps}>
      <Typography.Paragraph type="secondary">{t('findpwd.passwordIntro', { tel })}</Typography.Paragraph>
      <FormAlert
        text={alertText}
        action={mustRestart ? <Link to="/findpwd/tel">{t('findpwd.steps.tel')}</Link> : undefined}
      />
      <NewPasswordFields label="fields.newPassword" />
      <SubmitButton pending={submit.isPending}>{t('findpwd.submit')}</SubmitButton>
    </Form>
  );
}
