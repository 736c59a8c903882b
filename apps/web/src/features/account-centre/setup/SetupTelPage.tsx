/** Set step: the new phone with its SMS code, on the existing `account/resettel/*` paths. */
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../../api/index.ts';
import { loadAccountInfo } from '../../../app/use-session.ts';
import { useSessionStore } from '../../../app/session-store.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { useFormRules } from '../../auth/use-form-support.ts';
import { useAccountRules, useDescribeAccountFailure } from '../account-rules.ts';
import { CodeField } from './CodeField.tsx';
import { RestartAlert, needsRestart } from './RestartAlert.tsx';
import { SetupFrame } from './SetupFrame.tsx';
import { successPathOf } from './setup-target.ts';

interface TelValues {
  tel: string;
  code: string;
}

export default function SetupTelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = useFormRules();
  const accountRules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const [form] = Form.useForm<TelValues>();
  const submit = useMutation({
    mutationFn: async ({ tel, code }: TelValues) => {
      await authApi.submitResettel({ tel: tel.trim(), smsCode: code.trim() });
      useSessionStore.getState().signIn(await loadAccountInfo());
      return tel.trim();
    },
    onSuccess: (tel) => void navigate(successPathOf('tel', tel), { replace: true }),
  });
  const sendCode = async () => {
    const { tel } = await form.validateFields(['tel']);
    const sent = await authApi.sendResettelSmsCode(tel.trim());
    return { ...sent, sentTo: tel.trim() };
  };
  return (
    <SetupFrame target="tel" step="set">
      {needsRestart(submit.error) ? <RestartAlert target="tel" /> : null}
      <Form form={form} layout="vertical" name="setup-tel" onFinish={(values) => submit.mutate(values)}>
        <FormAlert text={submit.error && !needsRestart(submit.error) ? describe(submit.error) : null} />
        <Form.Item name="tel" label={t('accountCentre.setup.newTel')} rules={rules.phone} required>
          <Input inputMode="tel" autoComplete="tel" data-testid="setup-tel" />
        </Form.Item>
        <CodeField
          label={t('fields.smsCode')}
          rules={accountRules.code}
          send={sendCode}
          onSendFailed={(error) => {
            if (error instanceof Error) form.setFields([{ name: 'tel', errors: [describe(error)] }]);
          }}
          testId="setup-tel-code"
        />
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="setup-tel-submit">
          {t('accountCentre.setup.save')}
        </Button>
      </Form>
    </SetupFrame>
  );
}
