/**
 * The verify step's form for one method: a code sent to the phone or email, the answers to the
 * security questions, or the current password. A success opens the identity check for the target
 * (the platform keeps it in a cookie) and moves on.
 */
import { SECURITY_QUESTIONS } from '@lyyp/contracts/account-centre';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  accountCentreApi,
  type SecurityOverview,
  type SecurityTarget,
  type VerifyMethod,
} from '../../../api/account-centre.api.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { useAccountRules, useDescribeAccountFailure } from '../account-rules.ts';
import { CodeField } from './CodeField.tsx';

interface VerifyValues {
  code?: string;
  password?: string;
  answers?: string[];
}

interface VerifyFormProps {
  method: VerifyMethod;
  target: SecurityTarget;
  overview: SecurityOverview;
  onVerified: () => void;
}

export function VerifyForm({ method, target, overview, onVerified }: VerifyFormProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const [form] = Form.useForm<VerifyValues>();
  const questions = useQuery({
    queryKey: ['account-questions'],
    queryFn: accountCentreApi.questions,
    enabled: method === 'question',
  });
  const check = useMutation({
    mutationFn: (values: VerifyValues) =>
      accountCentreApi.check({
        target,
        method,
        ...(values.code ? { code: values.code.trim() } : {}),
        ...(values.password ? { password: values.password } : {}),
        ...(values.answers ? { answers: values.answers } : {}),
      }),
    onSuccess: onVerified,
  });
  const alertText = check.error ? describe(check.error) : null;

  return (
    <Form form={form} layout="vertical" name={`verify-${method}`} onFinish={(values) => check.mutate(values)}>
      <FormAlert text={alertText} />
      {method === 'tel' || method === 'email' ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('accountCentre.setup.codeTo', { to: method === 'tel' ? overview.tel : overview.email })}
          </Typography.Paragraph>
          <CodeField
            label={t('accountCentre.setup.code')}
            rules={rules.code}
            send={() => accountCentreApi.sendCode(method)}
            onSendFailed={(error) => form.setFields([{ name: 'code', errors: [describe(error)] }])}
            testId={`verify-${method}-code`}
          />
        </>
      ) : null}
      {method === 'password' ? (
        <Form.Item name="password" label={t('accountCentre.setup.currentPassword')} rules={rules.password}>
          <Input.Password autoComplete="current-password" data-testid="verify-password" />
        </Form.Item>
      ) : null}
      {method === 'question'
        ? (questions.data?.questions ?? []).map((key, index) => (
            <Form.Item
              key={key}
              name={['answers', index]}
              label={SECURITY_QUESTIONS[key][locale === 'en-US' ? 'en' : 'zh']}
              rules={rules.answer}
            >
              <Input data-testid={`verify-answer-${index}`} />
            </Form.Item>
          ))
        : null}
      <Button
        type="primary"
        htmlType="submit"
        loading={check.isPending}
        data-testid={`verify-${method}-next`}
      >
        {t('accountCentre.setup.next')}
      </Button>
    </Form>
  );
}
