/**
 * First-time completion (§2 /account/first and /account/register/first): an account created by an SMS
 * sign-in chooses its username and password and agrees to the current user agreement and privacy
 * policy (recorded on the account, as at registration). It starts personal: an enterprise account
 * comes only through enterprise certification, applied for from the account info.
 */
import type { CompleteRequest } from '@lyyp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';
import { useFormError, useFormRules, useLandAfterSignIn } from '../auth/use-form-support.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { AgreementConsentItem, useAgreementConsent } from './AgreementConsent.tsx';

type FirstTimeValues = Omit<CompleteRequest, 'accountType'> & { agree?: boolean };

const FIELDS = ['username', 'password', 'confirmPassword', 'agree'] as const;

export default function FirstTimePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FirstTimeValues>();
  const rules = useFormRules();
  const land = useLandAfterSignIn();
  const { alertText, showError, clearError } = useFormError(form, FIELDS);
  const consent = useAgreementConsent();

  const complete = useMutation({
    mutationFn: ({ agree: _agree, ...values }: FirstTimeValues) =>
      authApi.completeAccount({
        ...values,
        accountType: 'personal',
        username: values.username.trim(),
        ...consent.accepted,
      }),
    onSuccess: land,
    onError: (error) => {
      showError(error);
      consent.onRefused(error, form);
    },
  });

  return (
    <PublicFrame>
      <PublicCard title={t('first.title')}>
        <Typography.Paragraph type="secondary">{t('first.intro')}</Typography.Paragraph>
        <Form
          form={form}
          name="first"
          layout="vertical"
          size="large"
          initialValues={{ agree: false }}
          onFinish={(values) => complete.mutate(values)}
          onValuesChange={clearError}
        >
          <FormAlert text={alertText} />
          <Typography.Paragraph type="secondary">{t('register.enterpriseHint')}</Typography.Paragraph>
          <Form.Item name="username" label={t('fields.username')} rules={rules.username} required>
            <Input placeholder={t('placeholders.username')} autoComplete="username" />
          </Form.Item>
          <NewPasswordFields />
          <AgreementConsentItem
            agreement={consent.agreement}
            privacy={consent.privacy}
            testIdPrefix="first"
          />
          <Button type="primary" htmlType="submit" block loading={complete.isPending}>
            {t('first.submit')}
          </Button>
        </Form>
      </PublicCard>
    </PublicFrame>
  );
}
