/** Creating or editing a SIM card: ICCID (19–20 hex digits), expiry date, shut down, operator, remark. */
import { iccidField } from '@lyyp/contracts/alarm';
import { useMutation } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SimCardItem } from '../../api/alarm.api.ts';
import { alarmApi } from '../../api/alarm.api.ts';
import { useDescribeAlarmFailure } from '../alarm/alarm-text.ts';

interface SimFormValues {
  iccid: string;
  expiresAt?: Dayjs | null;
  shutdown?: boolean;
  operator?: string;
  remark?: string;
}

export function SimEditDialog({
  card,
  onClose,
  onSaved,
}: {
  card: SimCardItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const [form] = Form.useForm<SimFormValues>();
  const save = useMutation({
    mutationFn: (values: SimFormValues) =>
      alarmApi.editSim({
        iccid: values.iccid.trim(),
        expiresAt: values.expiresAt ? values.expiresAt.endOf('day').valueOf() : null,
        shutdown: values.shutdown ?? false,
        operator: values.operator?.trim() ?? '',
        remark: values.remark?.trim() ?? '',
      }),
    onSuccess: () => {
      void message.success(t('monitor.common.saved'));
      onSaved();
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'iccid', errors: [describeFailure(error)] }]),
  });
  return (
    <Modal
      open
      title={card ? t('alarm.sim.edit') : t('alarm.sim.add')}
      okText={t('monitor.common.save')}
      cancelText={t('monitor.common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          iccid: card?.iccid ?? '',
          expiresAt: card?.expiresAt ? dayjs(card.expiresAt) : null,
          shutdown: card?.shutdown ?? false,
          operator: card?.operator ?? '',
          remark: card?.remark ?? '',
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="iccid"
          label="ICCID"
          rules={[
            { required: true, whitespace: true, message: t('alarm.sim.required.iccid') },
            {
              validator: (_rule, value: string) =>
                !value?.trim() || iccidField.safeParse(value.trim()).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('alarm.sim.iccidFormat'))),
            },
          ]}
        >
          <Input disabled={card !== null} maxLength={20} />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('alarm.sim.expiresAt')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="shutdown" label={t('alarm.sim.shutdown')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="operator" label={t('alarm.sim.operator')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label={t('alarm.sim.remark')}>
          <Input maxLength={20} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
