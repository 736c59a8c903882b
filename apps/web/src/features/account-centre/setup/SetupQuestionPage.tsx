/** Set step: three different security questions from the preset list, with their answers. */
import {
  SECURITY_QUESTION_COUNT,
  SECURITY_QUESTION_KEYS,
  SECURITY_QUESTIONS,
  type SecurityQuestionKey,
} from '@lyyp/contracts/account-centre';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountCentreApi } from '../../../api/account-centre.api.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { FormAlert } from '../../auth/FormAlert.tsx';
import { useAccountRules, useDescribeAccountFailure } from '../account-rules.ts';
import { RestartAlert, needsRestart } from './RestartAlert.tsx';
import { SetupFrame } from './SetupFrame.tsx';
import { successPathOf } from './setup-target.ts';

interface QuestionValues {
  questions: Array<{ question: SecurityQuestionKey; answer: string }>;
}

const SLOTS = Array.from({ length: SECURITY_QUESTION_COUNT }, (_, index) => index);

export default function SetupQuestionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const [form] = Form.useForm<QuestionValues>();
  const chosen = Form.useWatch('questions', form) ?? [];
  const submit = useMutation({
    mutationFn: (values: QuestionValues) => accountCentreApi.submitQuestions(values),
    onSuccess: () => void navigate(successPathOf('question'), { replace: true }),
  });
  const initial = {
    questions: SLOTS.map((index) => ({ question: SECURITY_QUESTION_KEYS[index]!, answer: '' })),
  };

  return (
    <SetupFrame target="question" step="set">
      {needsRestart(submit.error) ? <RestartAlert target="question" /> : null}
      <Typography.Paragraph type="secondary">{t('accountCentre.setup.questionHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="setup-question"
        initialValues={initial}
        onFinish={(values) => submit.mutate(values)}
      >
        <FormAlert text={submit.error && !needsRestart(submit.error) ? describe(submit.error) : null} />
        {SLOTS.map((index) => (
          <div key={index}>
            <Form.Item
              name={['questions', index, 'question']}
              label={t('accountCentre.setup.questionLabel', { index: index + 1 })}
            >
              <Select
                options={SECURITY_QUESTION_KEYS.map((key) => ({
                  value: key,
                  label: SECURITY_QUESTIONS[key][locale === 'en-US' ? 'en' : 'zh'],
                  disabled: chosen.some((item, other) => other !== index && item?.question === key),
                }))}
              />
            </Form.Item>
            <Form.Item name={['questions', index, 'answer']} rules={rules.answer}>
              <Input
                placeholder={t('accountCentre.setup.answerLabel')}
                data-testid={`setup-answer-${index}`}
              />
            </Form.Item>
          </div>
        ))}
        <Button
          type="primary"
          htmlType="submit"
          loading={submit.isPending}
          data-testid="setup-question-submit"
        >
          {t('accountCentre.setup.save')}
        </Button>
      </Form>
    </SetupFrame>
  );
}
