/** Raises a work order for a device by hand: the problem and photos. */
import { WORK_ORDER_PROBLEM_MAX_LENGTH, type WorkOrderDetail } from '@lyyp/contracts/maintenance';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { PhotoUpload, type UploadedPhoto } from './PhotoUpload.tsx';
import { useRequired } from '../auth/use-form-support.ts';

export function NewWorkOrderDialog({
  deviceId,
  onClose,
  onCreated,
}: {
  deviceId: string;
  onClose: () => void;
  onCreated: (order: WorkOrderDetail) => void;
}) {
  const { t } = useTranslation();
  const required = useRequired();
  const describeFailure = useDescribeFailure();
  const [form] = Form.useForm<{ problem: string }>();
  const [photos, setPhotos] = useState<UploadedPhoto[]>([]);
  const create = useMutation({
    mutationFn: (problem: string) =>
      maintenanceApi.createWorkOrder({
        equipmentId: deviceId,
        problem,
        photos: photos.map((photo) => photo.id),
      }),
    onSuccess: onCreated,
    onError: (error) => void message.error(describeFailure(error)),
  });
  return (
    <Modal
      open
      title={t('maintenance.workOrder.new')}
      onCancel={onClose}
      // A refused form shows its messages on the inputs; nothing else is left to handle.
      onOk={() =>
        void form.validateFields().then(
          (values) => create.mutate(values.problem),
          () => undefined,
        )
      }
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="problem"
          label={t('maintenance.fields.problem')}
          rules={required(t('maintenance.fields.problem'))}
        >
          <Input.TextArea rows={3} maxLength={WORK_ORDER_PROBLEM_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item label={t('maintenance.fields.photos')}>
          <PhotoUpload value={photos} onChange={setPhotos} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
