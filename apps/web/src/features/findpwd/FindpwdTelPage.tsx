/** Password recovery, step 1: prove the phone by SMS code. The platform remembers the proof in a cookie. */
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi, type PhoneCaptchaProof } from '../../api/index.ts';
import { SmsCodeFields } from '../auth/SmsCodeFields.tsx';
import { useFormError, useFormRules } from '../auth/use-form-support.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { stepState } from './findpwd-steps.ts';

interface TelValues {
  tel: string;
  smsCode: string;
}

const FIELDS = ['tel', 'smsCode'] as const;

export default function FindpwdTelPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TelValues>();
  const rules = useFormRules();
  const navigate = useNavigate();
  const { alertText, showError, clearError } = useFormError(form, FIELDS);

  const check = useMutation({
    mutationFn: async ({ tel, smsCode }: TelValues) => {
      await authApi.checkFindpwdSmsCode({ tel: tel.trim(), smsCode: smsCode.trim() });
      return tel.trim();
    },
    onSuccess: (tel) =>
      void navigate(`/findpwd/password/${encodeURIComponent(tel)}`, { state: stepState('verified') }),
    onError: (error) => showError(error, 'smsCode'),
  });

  return (
    <Form
      form={form}
      name="findpwd-tel"
      layout="vertical"
      size="large"
      onFinish={(values) => check.mutate(values)}
      onValuesChange={clearError}
    >
      <Typography.Paragraph type="secondary">{t('findpwd.telIntro')}</Typography.Paragraph>
      <FormAlert text={alertText} />
      <Form.Item name="tel" label={t('fields.tel')} rules={rules.phone} required>
        <Input placeholder={t('placeholders.tel')} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <SmsCodeFields form={form} send={(proof: PhoneCaptchaProof) => authApi.sendFindpwdSmsCode(proof)} />
      <Button type="primary" htmlType="submit" block loading={check.isPending}>
        {t('common.next')}
      </Button>
    </Form>
  );
}
