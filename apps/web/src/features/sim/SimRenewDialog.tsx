/**
 * Recording a paid data-plan renewal of a SIM card: months and the amount paid. The server moves the
 * end on, restarts the reminders and gives the device owner the order (for an invoice).
 */
import { SIM_RENEW_MAX_AMOUNT_CENTS, SIM_RENEW_MAX_MONTHS } from '@lyyp/contracts/alarm';
import { Alert, App, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi, type SimCardItem } from '../../api/alarm.api.ts';
import { FormDialog } from '../../blocks/index.ts';
import { useDescribeAlarmFailure } from '../alarm/alarm-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';

interface RenewValues {
  months: number;
  amount: number;
}

export function SimRenewDialog({
  card,
  onClose,
  onSaved,
}: {
  card: SimCardItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  return (
    <FormDialog<RenewValues, Awaited<ReturnType<typeof alarmApi.renewSim>>>
      title={t('alarm.sim.renewTitle', { iccid: card.iccid })}
      okText={t('alarm.sim.renew')}
      name="sim-renew"
      onClose={onClose}
      describeError={describeFailure}
      successText={null}
      initialValues={{ months: 12, amount: 0 }}
      submit={(values) =>
        alarmApi.renewSim({
          iccid: card.iccid,
          months: values.months,
          amountCents: Math.round(values.amount * 100),
        })
      }
      onSaved={(result) => {
        const date = formatTime(result.expiresAt).slice(0, 10);
        void message.success(t(result.orderId ? 'alarm.sim.renewedOrder' : 'alarm.sim.renewed', { date }));
        onSaved();
      }}
    >
      <Alert type="info" showIcon title={t('alarm.sim.renewHint')} style={{ marginBottom: 16 }} />
      <Form.Item name="months" label={t('alarm.sim.months')} rules={[{ required: true }]}>
        <InputNumber min={1} max={SIM_RENEW_MAX_MONTHS} precision={0} suffix={t('alarm.sim.monthsUnit')} />
      </Form.Item>
      <Form.Item name="amount" label={t('alarm.sim.amount')} rules={[{ required: true }]}>
        <InputNumber min={0} max={SIM_RENEW_MAX_AMOUNT_CENTS / 100} precision={2} style={{ width: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}
