/**
 * A person's own notification preferences (/monitor/messages/preferences): their time zone, quiet
 * hours (SMS and voice wait until they end), and per alarm group whether to mute it or which of the
 * channels the group allows them to receive. Choices outside what a group allows are refused
 * (2109) on the input that holds them.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_TIME_ZONE,
  PERSON_CHANNELS,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@lyyp/contracts/alarm';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Row,
  Select,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { channelName, useDescribeAlarmFailure } from '../alarm/alarm-text.ts';
import { fromPreferences, toPreferences, type PreferencesFormValues } from './preferences-form.ts';
import { listSchemaIssues } from '../monitor/common/schema-rules.ts';

const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : [DEFAULT_TIME_ZONE, 'UTC'];

export default function PreferencesPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeAlarmFailure();
  const [form] = Form.useForm<PreferencesFormValues<Dayjs>>();
  const [failure, setFailure] = useState<unknown>(null);
  const stored = useQuery({ queryKey: ['alarm-preferences'], queryFn: alarmApi.getPreferences });
  useEffect(() => {
    if (stored.data) form.setFieldsValue(fromPreferences<Dayjs>(stored.data, dayjs) as never);
  }, [stored.data, form]);
  const quiet = Form.useWatch('quietEnabled', form);

  const save = useMutation({
    mutationFn: (preferences: NotificationPreferences) => alarmApi.savePreferences(preferences),
    onSuccess: () => void message.success(t('monitor.common.saved')),
    onError: (error) => {
      const match = isApiError(error) ? /^subscriptions\.(\d+)/.exec(error.field ?? '') : null;
      if (match)
        form.setFields([
          { name: ['subscriptions', Number(match[1]), 'channels'], errors: [describeFailure(error)] },
        ]);
      else setFailure(error);
    },
  });

  const handleFinish = (values: PreferencesFormValues<Dayjs>) => {
    const preferences = toPreferences(values);
    const issue = listSchemaIssues(notificationPreferencesSchema, preferences)[0];
    if (issue) {
      setFailure(new Error(translateCatalogue(issue.violation.code, locale, issue.violation.params)));
      return;
    }
    save.mutate(notificationPreferencesSchema.parse(preferences));
  };

  return (
    <Card variant="borderless" title={t('routes.MonitorMessagePreferences')} loading={stored.isPending}>
      <Form
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        onValuesChange={() => setFailure(null)}
        style={{ maxWidth: 760 }}
      >
        <FormAlert
          text={
            failure === null
              ? null
              : failure instanceof Error && !isApiError(failure)
                ? failure.message
                : describeFailure(failure)
          }
        />
        <Form.Item name="timeZone" label={t('alarm.preferences.timeZone')}>
          <Select showSearch options={ZONES.map((zone) => ({ value: zone, label: zone }))} />
        </Form.Item>
        <Row gutter={16} align="middle">
          <Col span={6}>
            <Form.Item name="quietEnabled" label={t('alarm.preferences.quietHours')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item name="quietRange" label=" " extra={t('alarm.preferences.quietHint')}>
              <TimePicker.RangePicker format="HH:mm" order={false} disabled={!quiet} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('alarm.preferences.groups')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('alarm.preferences.groupsHint')}</Typography.Paragraph>
        <Form.List name="subscriptions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row gutter={8} key={field.key}>
                  <Col span={6}>
                    <Form.Item
                      name={[field.name, 'groupId']}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('alarm.preferences.required.groupId'),
                        },
                      ]}
                    >
                      <Input placeholder={t('alarm.preferences.groupId')} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[field.name, 'muted']} valuePropName="checked">
                      <Checkbox>{t('alarm.preferences.mute')}</Checkbox>
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name={[field.name, 'channels']}>
                      <Checkbox.Group
                        options={PERSON_CHANNELS.map((code) => ({
                          value: code,
                          label: channelName(code, locale),
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={2}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('monitor.common.delete')}
                      onClick={() => remove(field.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ groupId: '', muted: false, channels: [...PERSON_CHANNELS] })}
              >
                {t('alarm.preferences.addGroup')}
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('monitor.common.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
