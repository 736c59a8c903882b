/**
 * First-time completion (§2 /account/first and /account/register/first): an account created by an SMS
 * sign-in chooses its username and password, and whether it is personal or enterprise.
 */
import { ACCOUNT_TYPES, type CompleteRequest } from '@lyyp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';
import { useFormError, useFormRules, useLandAfterSignIn } from '../auth/use-form-support.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';

const FIELDS = ['username', 'password', 'confirmPassword', 'accountType'] as const;

export default function FirstTimePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompleteRequest>();
  const rules = useFormRules();
  const land = useLandAfterSignIn();
  const { alertText, showError, clearError } = useFormError(form, FIELDS);

  const complete = useMutation({
    mutationFn: (values: CompleteRequest) =>
      authApi.completeAccount({ ...values, username: values.username.trim() }),
    onSuccess: land,
    onError: (error) => showError(error),
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
          initialValues={{ accountType: 'personal' }}
          onFinish={(values) => complete.mutate(values)}
          onValuesChange={clearError}
        >
          <FormAlert text={alertText} />
          <Form.Item name="accountType" label={t('fields.accountType')}>
            <Radio.Group
              options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`register.types.${type}`) }))}
            />
          </Form.Item>
          <Form.Item name="username" label={t('fields.username')} rules={rules.username} required>
            <Input placeholder={t('placeholders.username')} autoComplete="username" />
          </Form.Item>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" block loading={complete.isPending}>
            {t('first.submit')}
          </Button>
        </Form>
      </PublicCard>
    </PublicFrame>
  );
}
