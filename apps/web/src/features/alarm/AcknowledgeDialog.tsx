/** Acknowledging one or more alarm records with an optional comment (ISA-18.2: once per record). */
import { ACKNOWLEDGE_COMMENT_MAX_LENGTH } from '@lyyp/contracts/alarm';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { FormDialog } from '../../blocks/index.ts';
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
  return (
    <FormDialog<{ comment?: string }, Awaited<ReturnType<typeof alarmApi.acknowledge>>>
      title={t('alarm.record.acknowledgeTitle', { count: ids.length })}
      okText={t('alarm.record.acknowledge')}
      okButtonProps={{ id: 'acknowledge-confirm' }}
      onClose={onClose}
      describeError={describeFailure}
      successText={null}
      submit={(values) => alarmApi.acknowledge(ids, values.comment?.trim() ?? '')}
      onSaved={(result) => {
        void message.success(
          result.alreadyAcknowledged.length > 0
            ? t('alarm.record.acknowledgedSome', {
                done: result.acknowledged.length,
                already: result.alreadyAcknowledged.length,
              })
            : t('alarm.record.acknowledgedAll', { count: result.acknowledged.length }),
        );
        onDone();
      }}
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
    </FormDialog>
  );
}
