/** Operation staff publish an announcement to everyone, optionally also in the notice dialog after sign-in. */
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_TITLE_MAX_LENGTH } from '@lyyp/contracts/alarm';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/index.ts';
import { messageApi, type AnnouncementDraft } from '../../api/message.api.ts';
import { useDescribeAlarmFailure } from '../alarm/alarm-text.ts';

export function AnnouncementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const describeFailure = useDescribeAlarmFailure();
  const [form] = Form.useForm<AnnouncementDraft>();
  const publish = useMutation({
    mutationFn: messageApi.publishAnnouncement,
    onSuccess: () => {
      void message.success(t('alarm.message.published'));
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      onClose();
    },
    onError: (error) => {
      const field =
        isApiError(error) && (error.field === 'title' || error.field === 'body') ? error.field : 'title';
      form.setFields([{ name: field, errors: [describeFailure(error)] }]);
    },
  });
  return (
    <Modal
      open
      title={t('alarm.message.publish')}
      okText={t('alarm.message.publishOk')}
      cancelText={t('monitor.common.cancel')}
      confirmLoading={publish.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ popup: true }}
        onFinish={(values) => publish.mutate({ ...values, title: values.title.trim() })}
      >
        <Form.Item
          name="title"
          label={t('alarm.message.title')}
          rules={[{ required: true, whitespace: true, message: t('alarm.message.required.title') }]}
        >
          <Input
            maxLength={MESSAGE_TITLE_MAX_LENGTH}
            showCount
            placeholder={t('alarm.message.required.title')}
          />
        </Form.Item>
        <Form.Item name="body" label={t('alarm.message.body')}>
          <Input.TextArea rows={4} maxLength={MESSAGE_BODY_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="popup" label={t('alarm.message.popup')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
