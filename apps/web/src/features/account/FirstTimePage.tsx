/**
 * First-time completion (§2 /account/first and /account/register/first): an account created by an SMS
 * sign-in chooses its username and password and agrees to the current user agreement and privacy
 * policy (recorded on the account, as at registration). It starts personal: an enterprise account
 * comes only through enterprise certification, applied for from the account info.
 */
import type { CompleteRequest } from '@lyyp/contracts';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';
import { FormAlert } from '../auth/FormAlert.tsx';
import { CredentialFields, useSignUp } from './use-sign-up.tsx';

type FirstTimeValues = Omit<CompleteRequest, 'accountType'> & { agree?: boolean };

export default function FirstTimePage() {
  const { t } = useTranslation();
  const { formProps, alertText, consent, pending } = useSignUp<FirstTimeValues>(
    ['username', 'password', 'confirmPassword', 'agree'],
    ({ agree: _agree, ...values }, accepted) =>
      authApi.completeAccount({
        ...values,
        accountType: 'personal',
        username: values.username.trim(),
        ...accepted,
      }),
  );

  return (
    <PublicFrame>
      <PublicCard title={t('first.title')}>
        <Typography.Paragraph type="secondary">{t('first.intro')}</Typography.Paragraph>
        <Form name="first" initialValues={{ agree: false }} {...formProps}>
          <FormAlert text={alertText} />
          <Typography.Paragraph type="secondary">{t('register.enterpriseHint')}</Typography.Paragraph>
          <CredentialFields
            consent={consent}
            testIdPrefix="first"
            submitText={t('first.submit')}
            pending={pending}
          />
        </Form>
      </PublicCard>
    </PublicFrame>
  );
}
