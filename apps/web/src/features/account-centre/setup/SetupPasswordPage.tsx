/** Set step: the new password, on the existing `account/resetpwd/submit` path (other sessions end). */
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi, type NewPasswordRequest } from '../../../api/index.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { NewPasswordFields } from '../../auth/NewPasswordFields.tsx';
import { useDescribeAccountFailure } from '../account-rules.ts';
import { RestartAlert, needsRestart } from './RestartAlert.tsx';
import { SetupFrame } from './SetupFrame.tsx';
import { successPathOf } from './setup-target.ts';

export default function SetupPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const describe = useDescribeAccountFailure();
  const [form] = Form.useForm<NewPasswordRequest>();
  const submit = useMutation({
    mutationFn: authApi.submitResetpwd,
    onSuccess: () => void navigate(successPathOf('password'), { replace: true }),
  });
  return (
    <SetupFrame target="password" step="set">
      {needsRestart(submit.error) ? <RestartAlert target="password" /> : null}
      <Form form={form} layout="vertical" name="setup-password" onFinish={(values) => submit.mutate(values)}>
        <FormAlert text={submit.error && !needsRestart(submit.error) ? describe(submit.error) : null} />
        <NewPasswordFields label="fields.newPassword" />
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('accountCentre.setup.save')}
        </Button>
      </Form>
    </SetupFrame>
  );
}
