/** Password recovery, step 1: prove the phone by SMS code. The platform remembers the proof in a cookie. */
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi, type PhoneCaptchaProof } from '../../api/index.ts';
import { SmsCodeFields } from '../auth/SmsCodeFields.tsx';
import { useFormRules } from '../auth/use-form-support.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { SubmitButton } from '../auth/use-public-form.tsx';
import { useProofStep } from './use-proof-step.ts';

export default function FindpwdTelPage() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { form, formProps, alertText, mutation } = useProofStep<{ tel: string; smsCode: string }>(
    ['tel', 'smsCode'],
    async ({ tel, smsCode }) => {
      await authApi.checkFindpwdSmsCode({ tel: tel.trim(), smsCode: smsCode.trim() });
      return tel.trim();
    },
  );

  return (
    <Form name="findpwd-tel" {...formProps}>
      <Typography.Paragraph type="secondary">{t('findpwd.telIntro')}</Typography.Paragraph>
      <FormAlert text={alertText} />
      <Form.Item name="tel" label={t('fields.tel')} rules={rules.phone} required>
        <Input placeholder={t('placeholders.tel')} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <SmsCodeFields form={form} send={(proof: PhoneCaptchaProof) => authApi.sendFindpwdSmsCode(proof)} />
      <SubmitButton pending={mutation.isPending}>{t('common.next')}</SubmitButton>
    </Form>
  );
}
