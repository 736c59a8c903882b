/**
 * A person's own notification preferences (/monitor/messages/preferences): their time zone, quiet
 * hours (SMS and voice wait until they end), and per alarm group whether to mute it or which of the
 * channels the group allows them to receive. Choices outside what a group allows are refused
 * (2109) on the input that holds them.
 */
import {
  DEFAULT_TIME_ZONE,
  notificationPreferencesSchema,
  type MyAlarmGroup,
  type NotificationPreferences,
} from '@lyyp/contracts/alarm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Row, Select, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { useDescribeAlarmFailure } from '../alarm/alarm-text.ts';
import { MyAlarmGroups } from './MyAlarmGroups.tsx';
import { fromPreferences, toPreferences, type PreferencesFormValues } from './preferences-form.ts';
import { listSchemaIssues } from '../monitor/common/schema-rules.ts';

const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : [DEFAULT_TIME_ZONE, 'UTC'];

const NO_GROUPS: readonly MyAlarmGroup[] = [];

export default function PreferencesPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const describeFailure = useDescribeAlarmFailure();
  const [form] = Form.useForm<PreferencesFormValues<Dayjs>>();
  const [failure, setFailure] = useState<unknown>(null);
  const stored = useQuery({ queryKey: ['alarm-preferences'], queryFn: alarmApi.getPreferences });
  const mine = useQuery({ queryKey: ['alarm-preferences', 'groups'], queryFn: alarmApi.myGroups });
  const groups = mine.data ?? NO_GROUPS;
  useEffect(() => {
    if (stored.data && mine.data) form.setFieldsValue(fromPreferences<Dayjs>(stored.data, dayjs, mine.data));
  }, [stored.data, mine.data, form]);
  const quiet = Form.useWatch('quietEnabled', form);

  const save = useMutation({
    mutationFn: (preferences: NotificationPreferences) => alarmApi.savePreferences(preferences),
    onSuccess: () => {
      void message.success(t('monitor.common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['alarm-preferences'] });
    },
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
    const preferences = toPreferences(values, groups);
    const issue = listSchemaIssues(notificationPreferencesSchema, preferences)[0];
    if (issue) {
      setFailure(new Error(translateCatalogue(issue.violation.code, locale, issue.violation.params)));
      return;
    }
    save.mutate(notificationPreferencesSchema.parse(preferences));
  };

  return (
    <Card
      variant="borderless"
      title={t('routes.MonitorMessagePreferences')}
      loading={stored.isPending || mine.isPending}
    >
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
        <Form.Item
          name="locale"
          label={t('alarm.preferences.language')}
          extra={t('alarm.preferences.languageHint')}
        >
          <Select
            options={[
              { value: '', label: t('alarm.preferences.languageDefault') },
              { value: 'zh-CN', label: '中文' },
              { value: 'en-US', label: 'English' },
            ]}
          />
        </Form.Item>
        <Typography.Title level={5}>{t('alarm.preferences.groups')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('alarm.preferences.groupsHint')}</Typography.Paragraph>
        <MyAlarmGroups groups={groups} loading={mine.isPending} />
        <Form.Item style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('monitor.common.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
