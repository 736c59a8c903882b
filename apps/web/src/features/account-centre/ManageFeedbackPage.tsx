/** Back-office feedback (/manage/feedback): everyone's feedback, open or answered, and answering it once. */
import { FEEDBACK_TYPES, FEEDBACK_TYPE_CODES, type FeedbackType } from '@lyyp/contracts/account-centre';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountCentreApi, type FeedbackItem } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { formatTime } from '../monitor/common/format-time.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { useAccountRules, useDescribeAccountFailure } from './account-rules.ts';
import { nameIn } from './registry-names.ts';

export default function ManageFeedbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const rules = useAccountRules();
  const describe = useDescribeAccountFailure();
  const canReply = useCapabilities().may('feedback.reply');
  const [answered, setAnswered] = useState<boolean | undefined>(false);
  const [type, setType] = useState<FeedbackType | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [replying, setReplying] = useState<FeedbackItem | null>(null);
  const [form] = Form.useForm<{ reply: string }>();
  const list = useQuery({
    queryKey: ['manage-feedback', answered, type, paging],
    queryFn: () => accountCentreApi.allFeedback({ answered, type, ...paging }),
    placeholderData: keepPreviousData,
  });
  const reply = useMutation({
    mutationFn: (values: { reply: string }) =>
      accountCentreApi.replyFeedback({ id: replying?.id ?? '', reply: values.reply.trim() }),
    onSuccess: () => {
      void message.success(t('accountCentre.manageFeedback.replied'));
      setReplying(null);
      form.resetFields();
      void list.refetch();
    },
  });

  return (
    <Card variant="borderless" title={t('routes.ManageFeedback')}>
      <Typography.Paragraph type="secondary">{t('accountCentre.manageFeedback.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('accountCentre.manageFeedback.answered')}
          value={answered === undefined ? undefined : answered ? 'done' : 'open'}
          onChange={(value: 'done' | 'open' | undefined) => {
            setAnswered(value === undefined ? undefined : value === 'done');
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={[
            { value: 'open', label: t('accountCentre.manageFeedback.open') },
            { value: 'done', label: t('accountCentre.manageFeedback.done') },
          ]}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('accountCentre.feedback.type')}
          value={type}
          onChange={(value: FeedbackType | undefined) => setType(value)}
          options={FEEDBACK_TYPE_CODES.map((code) => ({
            value: code,
            label: nameIn(FEEDBACK_TYPES, code, locale),
          }))}
        />
      </Space>
      <Table<FeedbackItem>
        rowKey="id"
        size="small"
        data-testid="manage-feedback"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('accountCentre.manageFeedback.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('accountCentre.manageFeedback.createdAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (at: string) => formatTime(at),
          },
          {
            title: t('accountCentre.manageFeedback.account'),
            dataIndex: 'accountName',
            width: 120,
            render: (name: string | null) => name ?? '—',
          },
          {
            title: t('accountCentre.feedback.type'),
            dataIndex: 'type',
            width: 110,
            render: (value: FeedbackType) => <Tag>{nameIn(FEEDBACK_TYPES, value, locale)}</Tag>,
          },
          { title: t('accountCentre.feedback.content'), dataIndex: 'content' },
          {
            title: t('accountCentre.manageFeedback.reply'),
            dataIndex: 'reply',
            width: 240,
            render: (value: string | null, item) =>
              value ??
              (canReply ? (
                <Button type="link" size="small" onClick={() => setReplying(item)}>
                  {t('accountCentre.manageFeedback.reply')}
                </Button>
              ) : (
                <Tag color="processing">{t('accountCentre.manageFeedback.open')}</Tag>
              )),
          },
        ]}
      />
      <Modal
        open={replying !== null}
        title={t('accountCentre.manageFeedback.replyTitle')}
        confirmLoading={reply.isPending}
        onCancel={() => setReplying(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{replying?.content}</Typography.Paragraph>
        <Form form={form} layout="vertical" name="feedback-reply" onFinish={(values) => reply.mutate(values)}>
          <FormAlert text={reply.error ? describe(reply.error) : null} />
          <Form.Item
            name="reply"
            label={t('accountCentre.manageFeedback.reply')}
            rules={rules.reply}
            required
          >
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
