/** The form of one action on a work order: dispatch asks for repair staff, finish for the repair content, end for a reason. */
import {
  WORK_ORDER_COMMENT_MAX_LENGTH,
  WORK_ORDER_CONTENT_MAX_LENGTH,
  type WorkOrderAction,
  type WorkOrderDetail,
} from '@lyyp/contracts/maintenance';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { workOrderActionName } from './maintenance-text.ts';
import { PhotoUpload, type UploadedPhoto } from './PhotoUpload.tsx';
import { useRequired } from '../auth/use-form-support.ts';

interface ActionForm {
  assigneeId?: string;
  content?: string;
  comment?: string;
}

export function WorkOrderActionDialog({
  order,
  action,
  onClose,
  onDone,
}: {
  order: WorkOrderDetail;
  action: WorkOrderAction;
  onClose: () => void;
  onDone: (order: WorkOrderDetail) => void;
}) {
  const { t } = useTranslation();
  const required = useRequired();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const [form] = Form.useForm<ActionForm>();
  const [photos, setPhotos] = useState<UploadedPhoto[]>([]);
  const assignees = useQuery({
    queryKey: ['maintenance', 'assignees', order.deviceId],
    queryFn: () => maintenanceApi.assignees(order.deviceId),
    enabled: action === 'dispatch',
  });
  const act = useMutation({
    mutationFn: (values: ActionForm) =>
      maintenanceApi.actOnWorkOrder({
        id: order.id,
        action,
        ...(values.assigneeId ? { assigneeId: values.assigneeId } : {}),
        content: values.content ?? '',
        comment: values.comment ?? '',
        photos: photos.map((photo) => photo.id),
      }),
    onSuccess: (next) => {
      void message.success(
        t('maintenance.workOrder.actionDone', { action: workOrderActionName(action, locale) }),
      );
      onDone(next);
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  return (
    <Modal
      open
      title={`${workOrderActionName(action, locale)} · ${order.number}`}
      onCancel={onClose}
      // A refused form shows its messages on the inputs; nothing else is left to handle.
      onOk={() =>
        void form.validateFields().then(
          (values) => act.mutate(values),
          () => undefined,
        )
      }
      okButtonProps={{ loading: act.isPending, 'data-testid': 'action-confirm' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ assigneeId: order.assigneeId ?? undefined }}>
        {action === 'dispatch' ? (
          <Form.Item
            name="assigneeId"
            label={t('maintenance.fields.assignee')}
            rules={required(t('maintenance.fields.assignee'), 'choice')}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={assignees.isLoading}
              data-testid="assignee-select"
              options={(assignees.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
            />
          </Form.Item>
        ) : null}
        {action === 'finish' ? (
          <>
            <Form.Item
              name="content"
              label={t('maintenance.fields.content')}
              rules={required(t('maintenance.fields.content'))}
            >
              <Input.TextArea
                rows={3}
                maxLength={WORK_ORDER_CONTENT_MAX_LENGTH}
                data-testid="repair-content"
              />
            </Form.Item>
            <Form.Item label={t('maintenance.fields.photos')}>
              <PhotoUpload value={photos} onChange={setPhotos} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="comment"
            label={t('maintenance.fields.comment')}
            rules={[{ required: action === 'end' }]}
          >
            <Input.TextArea rows={2} maxLength={WORK_ORDER_COMMENT_MAX_LENGTH} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
