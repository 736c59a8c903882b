/**
 * A product's offline and power-off alarms: raised from the gateway's status when it lasts longer
 * than the set time (a short reconnect is no alarm), sent to the chosen groups on the chosen
 * channels with an optional message. Saved together for the product; the platform checks every
 * field again (delay within 0 … 24 h, groups of this product).
 */
import { SaveOutlined } from '@ant-design/icons';
import {
  ALARM_CHANNELS,
  ALARM_MESSAGE_MAX_LENGTH,
  DEVICE_STATUS_ALARM_DELAY_MAX_SECONDS,
  DEVICE_STATUS_ALARM_DELAY_MIN_SECONDS,
} from '@lyyp/contracts/alarm';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { channelName, useDescribeAlarmFailure } from './alarm-text.ts';
import { STATUS_TYPES, toStatusAlarms, toStatusForm, type StatusForm } from './status-alarm-form.ts';
import { useAlarmConfigChanged, useAlarmGroups, useAlarmRules } from './use-alarm-config.ts';

export function StatusAlarmSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const rules = useAlarmRules(productId);
  const groups = useAlarmGroups(productId);
  const changed = useAlarmConfigChanged(productId);
  const [form] = Form.useForm<StatusForm>();
  const current = rules.data?.statusAlarms;

  useEffect(() => {
    if (current) form.setFieldsValue(toStatusForm(current));
  }, [current, form]);

  const save = useMutation({
    mutationFn: (values: StatusForm) => alarmApi.saveStatusAlarms(productId, toStatusAlarms(values)),
    onSuccess: () => {
      void message.success(t('monitor.common.saved'));
      return changed();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  const groupOptions = (groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }));
  const channelOptions = ALARM_CHANNELS.map((code) => ({ value: code, label: channelName(code, locale) }));

  return (
    <Card
      variant="borderless"
      title={t('alarm.statusAlarm.title')}
      data-testid="status-alarms"
      extra={
        editable ? (
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={!current}
            onClick={() => form.submit()}
            data-testid="status-alarms-save"
          >
            {t('alarm.statusAlarm.save')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('alarm.statusAlarm.hint')}</Typography.Paragraph>
      <Form<StatusForm>
        form={form}
        layout="vertical"
        disabled={!editable}
        onFinish={(values) => save.mutate(values)}
      >
        {STATUS_TYPES.map((type) => (
          <Row gutter={16} key={type} align="top" data-testid={`status-alarm-${type}`}>
            <Col xs={24} md={4}>
              <Form.Item
                name={[type, 'enabled']}
                label={t(`alarm.statusAlarm.types.${type}`)}
                valuePropName="checked"
              >
                <Switch aria-label={t(`alarm.statusAlarm.types.${type}`)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item
                name={[type, 'delayMinutes']}
                label={t('alarm.statusAlarm.delay')}
                rules={[{ required: true, message: t('alarm.statusAlarm.delayRequired') }]}
              >
                <InputNumber
                  min={DEVICE_STATUS_ALARM_DELAY_MIN_SECONDS / 60}
                  max={DEVICE_STATUS_ALARM_DELAY_MAX_SECONDS / 60}
                  style={{ width: '100%' }}
                  suffix={t('alarm.statusAlarm.minutes')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item name={[type, 'groupIds']} label={t('alarm.fields.groupIds')}>
                <Select
                  mode="multiple"
                  allowClear
                  options={groupOptions}
                  placeholder={t('alarm.rule.chooseGroups')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item name={[type, 'pushMethods']} label={t('alarm.fields.pushMethods')}>
                <Select mode="multiple" options={channelOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={[type, 'message']} label={t('alarm.fields.message')}>
                <Input
                  maxLength={ALARM_MESSAGE_MAX_LENGTH}
                  placeholder={t('alarm.rule.messagePlaceholder')}
                />
              </Form.Item>
            </Col>
          </Row>
        ))}
      </Form>
    </Card>
  );
}
