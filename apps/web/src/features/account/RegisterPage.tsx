/**
 * Registration (§2 /account/register): what the account is for (end user or developer), phone
 * proven by SMS code, username and password, the agreement. Accounts start personal: an enterprise
 * account comes only through enterprise certification, applied for from the account info. The current user
 * agreement and privacy policy are shown from the links of the agreement box; registering sends the
 * versions read, and the platform records them on the account (or refuses when a newer one was
 * published meanwhile, and the texts are read again). Success signs the person in and takes them home.
 */
import { SELF_REGISTER_KINDS } from '@lyyp/contracts';
import { Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { authApi, type RegisterFields } from '../../api/index.ts';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';
import { SmsCodeFields } from '../auth/SmsCodeFields.tsx';
import { useFormRules } from '../auth/use-form-support.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { CredentialFields, useSignUp } from './use-sign-up.tsx';

type RegisterValues = RegisterFields & { captcha?: string };

const FIELDS = [
  'accountKind',
  'accountType',
  'tel',
  'smsCode',
  'username',
  'password',
  'confirmPassword',
  'agree',
] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const rules = useFormRules();
  const { form, formProps, alertText, consent, pending } = useSignUp<RegisterValues>(
    FIELDS,
    ({ captcha: _captcha, ...values }, accepted) =>
      authApi.registerAccount({
        ...values,
        accountType: 'personal',
        tel: values.tel.trim(),
        username: values.username.trim(),
        ...accepted,
      }),
  );

  return (
    <PublicFrame>
      <PublicCard title={t('register.title')}>
        <Form name="register" initialValues={{ accountKind: 'terminal', agree: false }} {...formProps}>
          <FormAlert text={alertText} />
          <Form.Item name="accountKind" label={t('fields.accountKind')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={SELF_REGISTER_KINDS.map((kind) => ({
                value: kind,
                label: t(`register.kinds.${kind}`),
              }))}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary" data-testid="register-enterprise-hint">
            {t('register.enterpriseHint')}
          </Typography.Paragraph>
          <Form.Item name="tel" label={t('fields.tel')} rules={rules.phone} required>
            <Input placeholder={t('placeholders.tel')} autoComplete="tel" inputMode="tel" />
          </Form.Item>
          <SmsCodeFields
            form={form}
            send={(proof) => authApi.sendSmsCode({ ...proof, purpose: 'register' })}
          />
          <CredentialFields
            consent={consent}
            testIdPrefix="register"
            submitText={t('register.submit')}
            pending={pending}
          />
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            {t('register.haveAccount')} <Link to={`/login${search}`}>{t('register.signIn')}</Link>
          </div>
        </Form>
      </PublicCard>
    </PublicFrame>
  );
}
