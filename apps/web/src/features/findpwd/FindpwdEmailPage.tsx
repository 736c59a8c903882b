/** Password recovery, step 1 by email: prove the account's email with an emailed code. */
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { SmsCodeFields } from '../auth/SmsCodeFields.tsx';
import { useAccountRules } from '../account-centre/account-rules.ts';
import { SubmitButton } from '../auth/use-public-form.tsx';
import { useProofStep } from './use-proof-step.ts';

export default function FindpwdEmailPage() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const { form, formProps, alertText, mutation } = useProofStep<{ email: string; smsCode: string }>(
    ['email', 'smsCode'],
    async ({ email, smsCode }) => {
      await accountCentreApi.checkRecoveryEmail(email.trim(), smsCode.trim());
      return email.trim();
    },
  );

  return (
    <Form name="findpwd-email" {...formProps}>
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
      <SubmitButton pending={mutation.isPending}>{t('common.next')}</SubmitButton>
    </Form>
  );
}
