/** Acknowledging one or more alarm records with an optional comment (ISA-18.2: once per record). */
import { ACKNOWLEDGE_COMMENT_MAX_LENGTH } from '@lyyp/contracts/alarm';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { useDescribeAlarmFailure } from './alarm-text.ts';

export function AcknowledgeDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const [form] = Form.useForm<{ comment?: string }>();
  const acknowledge = useMutation({
    mutationFn: (comment: string) => alarmApi.acknowledge(ids, comment),
    onSuccess: (result) => {
      void message.success(
        result.alreadyAcknowledged.length > 0
          ? t('alarm.record.acknowledgedSome', {
              done: result.acknowledged.length,
              already: result.alreadyAcknowledged.length,
            })
          : t('alarm.record.acknowledgedAll', { count: result.acknowledged.length }),
      );
      onDone();
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'comment', errors: [describeFailure(error)] }]),
  });
  return (
    <Modal
      open
      title={t('alarm.record.acknowledgeTitle', { count: ids.length })}
      okText={t('alarm.record.acknowledge')}
      cancelText={t('monitor.common.cancel')}
      confirmLoading={acknowledge.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ id: 'acknowledge-confirm' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => acknowledge.mutate(values.comment?.trim() ?? '')}
      >
        <Form.Item name="comment" label={t('alarm.fields.comment')}>
          <Input.TextArea
            rows={3}
            maxLength={ACKNOWLEDGE_COMMENT_MAX_LENGTH}
            showCount
            placeholder={t('alarm.record.commentPlaceholder')}
            data-testid="acknowledge-comment"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
