/** Operation staff publish an announcement to everyone, optionally also in the notice dialog after sign-in. */
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_TITLE_MAX_LENGTH } from '@lyyp/contracts/alarm';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageApi, type AnnouncementDraft } from '../../api/message.api.ts';
import { FormDialog } from '../../blocks/index.ts';
import { useDescribeAlarmFailure } from '../alarm/alarm-text.ts';

export function AnnouncementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const describeFailure = useDescribeAlarmFailure();
  return (
    <FormDialog<AnnouncementDraft>
      title={t('alarm.message.publish')}
      okText={t('alarm.message.publishOk')}
      onClose={onClose}
      initialValues={{ popup: true }}
      fields={['title', 'body']}
      describeError={describeFailure}
      submit={(values) => messageApi.publishAnnouncement({ ...values, title: values.title.trim() })}
      successText={t('alarm.message.published')}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: ['messages'] })}
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
    </FormDialog>
  );
}
