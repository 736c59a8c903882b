/** Set step: the new email with the code emailed to it (after a check for the email). */
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountCentreApi } from '../../../api/account-centre.api.ts';
import { loadAccountInfo } from '../../../app/use-session.ts';
import { useSessionStore } from '../../../app/session-store.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { useAccountRules, useDescribeAccountFailure } from '../account-rules.ts';
import { CodeField } from './CodeField.tsx';
import { RestartAlert, needsRestart } from './RestartAlert.tsx';
import { SetupFrame } from './SetupFrame.tsx';
import { successPathOf } from './setup-target.ts';

interface EmailValues {
  email: string;
  code: string;
}

export default function SetupEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const [form] = Form.useForm<EmailValues>();
  const submit = useMutation({
    mutationFn: async ({ email, code }: EmailValues) => {
      await accountCentreApi.submitEmail({ email: email.trim(), code: code.trim() });
      useSessionStore.getState().signIn(await loadAccountInfo());
    },
    onSuccess: () => void navigate(successPathOf('email'), { replace: true }),
  });
  const sendCode = async () => {
    const { email } = await form.validateFields(['email']);
    return accountCentreApi.sendEmailCode(email.trim());
  };
  return (
    <SetupFrame target="email" step="set">
      {needsRestart(submit.error) ? <RestartAlert target="email" /> : null}
      <Form form={form} layout="vertical" name="setup-email" onFinish={(values) => submit.mutate(values)}>
        <FormAlert text={submit.error && !needsRestart(submit.error) ? describe(submit.error) : null} />
        <Form.Item name="email" label={t('accountCentre.setup.newEmail')} rules={rules.email} required>
          <Input type="email" autoComplete="email" data-testid="setup-email" />
        </Form.Item>
        <CodeField
          label={t('accountCentre.setup.code')}
          rules={rules.code}
          send={sendCode}
          onSendFailed={(error) => {
            if (error instanceof Error) form.setFields([{ name: 'email', errors: [describe(error)] }]);
          }}
          testId="setup-email-code"
        />
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="setup-email-submit">
          {t('accountCentre.setup.save')}
        </Button>
      </Form>
    </SetupFrame>
  );
}
