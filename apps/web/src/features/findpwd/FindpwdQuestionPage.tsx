/**
 * Password recovery, step 1 by security questions: the account (username or phone) and a picture
 * check show its questions; the right answers open the new-password step.
 */
import { SECURITY_QUESTIONS, type SecurityQuestionKey } from '@lyyp/contracts/account-centre';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { CaptchaPictureField, useCaptchaPicture } from '../auth/CaptchaPicture.tsx';
import { FormAlert } from '../auth/FormAlert.tsx';
import { useFormError, useFormRules } from '../auth/use-form-support.ts';
import { useAccountRules } from '../account-centre/account-rules.ts';
import { stepState } from './findpwd-steps.ts';

interface QuestionValues {
  account: string;
  captcha?: string;
  answers?: string[];
}

const FIELDS = ['account', 'captcha'] as const;

export default function FindpwdQuestionPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<QuestionValues>();
  const rules = useFormRules();
  const accountRules = useAccountRules();
  const navigate = useNavigate();
  const picture = useCaptchaPicture();
  const [questions, setQuestions] = useState<SecurityQuestionKey[] | null>(null);
  const { alertText, showError, clearError } = useFormError(form, FIELDS);

  const show = useMutation({
    mutationFn: async ({ account, captcha }: QuestionValues) => {
      const proof = await picture.solve(String(captcha ?? '').trim());
      return accountCentreApi.recoveryQuestions({ account: account.trim(), ...proof });
    },
    onSuccess: (answer) => setQuestions(answer.questions),
    onError: (error) => {
      form.setFieldValue('captcha', '');
      picture.renew();
      showError(error);
    },
  });
  const check = useMutation({
    mutationFn: async ({ account, answers }: QuestionValues) => {
      await accountCentreApi.checkRecoveryQuestions({ account: account.trim(), answers: answers ?? [] });
      return account.trim();
    },
    onSuccess: (account) =>
      void navigate(`/findpwd/password/${encodeURIComponent(account)}`, { state: stepState('verified') }),
    onError: (error) => showError(error),
  });

  return (
    <Form
      form={form}
      name="findpwd-question"
      layout="vertical"
      size="large"
      onFinish={(values) => (questions ? check.mutate(values) : show.mutate(values))}
      onValuesChange={clearError}
    >
      <Typography.Paragraph type="secondary">{t('accountCentre.findpwd.questionIntro')}</Typography.Paragraph>
      <FormAlert text={alertText} />
      <Form.Item name="account" label={t('fields.account')} rules={rules.loginAccount} required>
        <Input autoComplete="username" disabled={questions !== null} />
      </Form.Item>
      {questions === null ? <CaptchaPictureField form={form} picture={picture} /> : null}
      {(questions ?? []).map((key, index) => (
        <Form.Item
          key={key}
          name={['answers', index]}
          label={SECURITY_QUESTIONS[key][locale === 'en-US' ? 'en' : 'zh']}
          rules={accountRules.answer}
        >
          <Input />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" block loading={show.isPending || check.isPending}>
        {questions ? t('common.next') : t('accountCentre.findpwd.showQuestions')}
      </Button>
    </Form>
  );
}
