/** Feedback (§5: a type and at least 10 characters) and the person's earlier feedback with answers. */
import {
  FEEDBACK_CONTENT_MAX_LENGTH,
  FEEDBACK_CONTENT_MIN_LENGTH,
  FEEDBACK_TYPES,
  FEEDBACK_TYPE_CODES,
  type FeedbackAdd,
} from '@lyyp/contracts/account-centre';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountCentreApi, type FeedbackItem } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { formatTime } from '../monitor/common/format-time.ts';
import { useAccountRules, useDescribeAccountFailure } from './account-rules.ts';
import { nameIn } from './registry-names.ts';

export default function FeedbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const [form] = Form.useForm<FeedbackAdd>();
  const [page, setPage] = useState(1);
  const mine = useQuery({
    queryKey: ['own-feedback', page],
    queryFn: () => accountCentreApi.ownFeedback({ page, pageSize: 5 }),
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: accountCentreApi.addFeedback,
    onSuccess: () => {
      form.resetFields();
      void message.success(t('accountCentre.feedback.submitted'));
      setPage(1);
      void mine.refetch();
    },
  });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card variant="borderless" title={t('routes.AccountFeedback')}>
        <Typography.Paragraph type="secondary">{t('accountCentre.feedback.intro')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          name="feedback"
          style={{ maxWidth: 640 }}
          onFinish={(values) => add.mutate(values)}
        >
          <FormAlert text={add.error ? describe(add.error) : null} />
          <Form.Item
            name="type"
            label={t('accountCentre.feedback.type')}
            rules={[
              {
                required: true,
                message: t('forms.requiredChoice', { field: t('accountCentre.feedback.type') }),
              },
            ]}
          >
            <Select
              style={{ width: 220 }}
              options={FEEDBACK_TYPE_CODES.map((code) => ({
                value: code,
                label: nameIn(FEEDBACK_TYPES, code, locale),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('accountCentre.feedback.content')}
            rules={rules.content}
            extra={t('accountCentre.feedback.contentHint', { min: FEEDBACK_CONTENT_MIN_LENGTH })}
          >
            <Input.TextArea
              rows={5}
              showCount
              maxLength={FEEDBACK_CONTENT_MAX_LENGTH}
              data-testid="feedback-content"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="feedback-submit">
            {t('accountCentre.feedback.submit')}
          </Button>
        </Form>
      </Card>
      <Card variant="borderless" title={t('accountCentre.feedback.mine')}>
        <List<FeedbackItem>
          loading={mine.isFetching}
          dataSource={mine.data?.list ?? []}
          locale={{ emptyText: t('accountCentre.feedback.empty') }}
          data-testid="feedback-list"
          pagination={{
            current: page,
            pageSize: 5,
            total: mine.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Space>
                    <Tag>{nameIn(FEEDBACK_TYPES, item.type, locale)}</Tag>
                    <Typography.Text type="secondary">{formatTime(item.createdAt)}</Typography.Text>
                  </Space>
                }
                description={
                  <Space orientation="vertical" size={4}>
                    <Typography.Text>{item.content}</Typography.Text>
                    {item.reply ? (
                      <Typography.Text type="success">
                        {t('accountCentre.feedback.reply')}（{item.repliedByName ?? ''}{' '}
                        {formatTime(item.repliedAt)}）：{item.reply}
                      </Typography.Text>
                    ) : (
                      <Tag color="processing">{t('accountCentre.feedback.waiting')}</Tag>
                    )}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
