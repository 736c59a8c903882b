/**
 * What registration and first-time completion share: the form and its error placement, the
 * agreement consent sent with the call (a refusal as outdated reads the texts again and unticks the
 * box), landing after success, and the last inputs: username, new password twice, the agreement and
 * the submit button.
 */
import type { AccountInfo } from '@lyyp/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules, useLandAfterSignIn } from '../auth/use-form-support.ts';
import { SubmitButton, usePublicForm } from '../auth/use-public-form.tsx';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { AgreementConsentItem, useAgreementConsent } from './AgreementConsent.tsx';

type Consent = ReturnType<typeof useAgreementConsent>;

export function useSignUp<V extends object>(
  fields: readonly string[],
  call: (values: V, accepted: Consent['accepted']) => Promise<AccountInfo>,
) {
  const land = useLandAfterSignIn();
  const consent = useAgreementConsent();
  const { form, formProps, alertText, mutation } = usePublicForm<V, AccountInfo>({
    fields,
    call: (values) => call(values, consent.accepted),
    onSuccess: land,
    onRefused: (error, refused) => consent.onRefused(error, refused),
  });
  return { form, formProps, alertText, consent, pending: mutation.isPending };
}

/** Username, the new password twice, the agreement box and the submit button. */
export function CredentialFields({
  consent,
  testIdPrefix,
  submitText,
  pending,
}: {
  consent: Consent;
  testIdPrefix: string;
  submitText: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <>
      <Form.Item name="username" label={t('fields.username')} rules={rules.username} required>
        <Input placeholder={t('placeholders.username')} autoComplete="username" />
      </Form.Item>
      <NewPasswordFields />
      <AgreementConsentItem
        agreement={consent.agreement}
        privacy={consent.privacy}
        testIdPrefix={testIdPrefix}
      />
      <SubmitButton pending={pending}>{submitText}</SubmitButton>
    </>
  );
}
