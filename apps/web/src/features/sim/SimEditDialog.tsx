/** Creating or editing a SIM card: ICCID (19–20 hex digits), expiry date, shut down, operator, remark. */
import { iccidField } from '@lyyp/contracts/alarm';
import { DatePicker, Form, Input, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SimCardItem } from '../../api/alarm.api.ts';
import { alarmApi } from '../../api/alarm.api.ts';
import { FormDialog, TextField, type EditDialogProps } from '../../blocks/index.ts';
import { useDescribeAlarmFailure } from '../alarm/alarm-text.ts';

interface SimFormValues {
  iccid: string;
  expiresAt?: Dayjs | null;
  shutdown?: boolean;
  operator?: string;
  remark?: string;
}

export function SimEditDialog({ item: card, onClose, onSaved }: EditDialogProps<SimCardItem>) {
  const { t } = useTranslation();
  const describeFailure = useDescribeAlarmFailure();
  return (
    <FormDialog<SimFormValues>
      title={card ? t('alarm.sim.edit') : t('alarm.sim.add')}
      onClose={onClose}
      onSaved={onSaved}
      describeError={describeFailure}
      submit={(values) =>
        alarmApi.editSim({
          iccid: values.iccid.trim(),
          expiresAt: values.expiresAt ? values.expiresAt.endOf('day').valueOf() : null,
          shutdown: values.shutdown ?? false,
          operator: values.operator?.trim() ?? '',
          remark: values.remark?.trim() ?? '',
        })
      }
      initialValues={{
        iccid: card?.iccid ?? '',
        expiresAt: card?.expiresAt ? dayjs(card.expiresAt) : null,
        shutdown: card?.shutdown ?? false,
        operator: card?.operator ?? '',
        remark: card?.remark ?? '',
      }}
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
      <TextField name="operator" label={t('alarm.sim.operator')} maxLength={20} showCount={false} />
      <TextField name="remark" label={t('alarm.sim.remark')} maxLength={20} />
    </FormDialog>
  );
}
