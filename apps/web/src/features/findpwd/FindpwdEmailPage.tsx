/** Password recovery, step 1 by email: prove the account's email with an emailed code. */
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { SmsCodeFields } from '../auth/SmsCodeFields.tsx';
import { useFormError } from '../auth/use-form-support.ts';
import { useAccountRules } from '../account-centre/account-rules.ts';
import { stepState } from './findpwd-steps.ts';

interface EmailValues {
  email: string;
  smsCode: string;
}

const FIELDS = ['email', 'smsCode'] as const;

export default function FindpwdEmailPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailValues>();
  const rules = useAccountRules();
  const navigate = useNavigate();
  const { alertText, showError, clearError } = useFormError(form, FIELDS);
  const check = useMutation({
    mutationFn: async ({ email, smsCode }: EmailValues) => {
      await accountCentreApi.checkRecoveryEmail(email.trim(), smsCode.trim());
      return email.trim();
    },
    onSuccess: (email) =>
      void navigate(`/findpwd/password/${encodeURIComponent(email)}`, { state: stepState('verified') }),
    onError: (error) => showError(error, 'smsCode'),
  });

  return (
    <Form
      form={form}
      name="findpwd-email"
      layout="vertical"
      size="large"
      onFinish={(values) => check.mutate(values)}
      onValuesChange={clearError}
    >
      <Typography.Paragraph type="secondary">{t('accountCentre.findpwd.emailIntro')}</Typography.Paragraph>
      <FormAlert text={alertText} />
      <Form.Item name="email" label={t('fields.email')} rules={rules.email} required>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <SmsCodeFields
        form={form}
        telField="email"
        codeLabel={t('accountCentre.setup.code')}
        send={(proof) =>
          accountCentreApi.sendRecoveryEmail({
            email: proof.tel,
            ticket: proof.ticket,
            randstr: proof.randstr,
          })
        }
      />
      <Button type="primary" htmlType="submit" block loading={check.isPending}>
        {t('common.next')}
      </Button>
    </Form>
  );
}
