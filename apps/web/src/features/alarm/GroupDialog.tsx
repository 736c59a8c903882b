/**
 * Adding or editing an alarm group: who is told (recipients, each with the person channels the
 * group allows them), the group's own targets (WeChat robot address, signed webhook and its key),
 * the escalation ladder (which channels start how many minutes after the raise), how often
 * repeating channels and the voice announcement go again (N times or forever), and the release
 * notice. The whole group is checked with the contract's schema before it is sent; each complaint
 * shows on its input.
 */
import {
  ALARM_CHANNELS,
  ALARM_CHANNEL_DEFINITIONS,
  ALARM_GROUP_NAME_MAX_LENGTH,
  ESCALATION_STEPS_MAX,
  RECIPIENTS_PER_GROUP_MAX,
  REPEAT_INTERVAL_MIN_SECONDS,
  REPEAT_TIMES_MAX,
  VOICE_INTERVAL_MIN_SECONDS,
  alarmGroupSchema,
  type AlarmGroup,
} from '@lyyp/contracts/alarm';
import { Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import {
  AddRowButton,
  FormDialog,
  recheckedForm,
  type EditDialogProps,
  type FormCheck,
} from '../../blocks/index.ts';
import { listSchemaIssues } from '../monitor/common/schema-rules.ts';
import { channelName, describeAlarmFailure, labelAlarmField } from './alarm-text.ts';
import { ChannelCells } from './ChannelCells.tsx';
import { RecipientList } from './RecipientList.tsx';
import { translateCatalogue } from '../../app/messages.ts';
import {
  createGroupValues,
  formNameOfGroupPath,
  personChannelsOf,
  toGroupFormValues,
  toGroupInput,
  type GroupFormValues,
} from './group-form.ts';

export function GroupDialog({
  productId,
  item: group,
  onClose,
  onSaved,
}: EditDialogProps<AlarmGroup> & { productId: string }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<GroupFormValues>();
  const initialValues = group ? toGroupFormValues(group) : createGroupValues();
  const watched = (Form.useWatch([], form) as GroupFormValues | undefined) ?? {};
  const values = { ...initialValues, ...watched };
  const used = values.channels ?? [];
  const personChannels = personChannelsOf(used);
  const submit = (submitted: GroupFormValues) => {
    const input = toGroupInput(submitted, group?.id);
    if (group) return alarmApi.editGroup(productId, input);
    const { id: _id, ...added } = input;
    return alarmApi.addGroup(productId, added);
  };

  const check = (submitted: GroupFormValues): FormCheck | null => {
    const merged = { ...initialValues, ...submitted };
    if (!merged.name?.trim())
      return { fields: [{ name: ['name'], errors: [t('alarm.group.required.name')] }] };
    const issues = listSchemaIssues(alarmGroupSchema, toGroupInput(merged, group?.id ?? 'new'));
    const placed = new Map<string, string>();
    let unplaced: string | null = null;
    for (const issue of issues) {
      const params = issue.violation.params;
      const text = translateCatalogue(issue.violation.code, locale, {
        ...params,
        ...(typeof params?.field === 'string' ? { field: labelAlarmField(params.field, locale) } : {}),
        ...(typeof params?.channel === 'string' &&
        (ALARM_CHANNELS as readonly string[]).includes(params.channel)
          ? { channel: channelName(params.channel as (typeof ALARM_CHANNELS)[number], locale) }
          : {}),
      });
      const name = formNameOfGroupPath(issue.path);
      if (name) {
        const key = JSON.stringify(name);
        if (!placed.has(key)) placed.set(key, text);
      } else unplaced ??= text;
    }
    if (placed.size === 0 && !unplaced) return null;
    return {
      fields: [...placed].map(([key, text]) => ({
        name: JSON.parse(key) as (string | number)[],
        errors: [text],
      })),
      alert: unplaced,
    };
  };

  const repeatInputs = (name: 'repeat' | 'voice', minInterval: number) => (
    <Row gutter={8} align="middle">
      <Col span={6}>
        <Form.Item name={[name, 'forever']} valuePropName="checked" noStyle>
          <Checkbox>{t('alarm.group.forever')}</Checkbox>
        </Form.Item>
      </Col>
      <Col span={9}>
        <Form.Item name={[name, 'times']} label={t('alarm.fields.times')}>
          <InputNumber
            min={1}
            max={REPEAT_TIMES_MAX}
            precision={0}
            disabled={Boolean(values[name]?.forever)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col span={9}>
        <Form.Item name={[name, 'intervalSeconds']} label={t('alarm.fields.intervalSeconds')}>
          <InputNumber
            min={minInterval}
            precision={0}
            suffix={t('alarm.group.seconds')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    <FormDialog<GroupFormValues>
      {...recheckedForm(form, 820)}
      title={group ? t('alarm.group.edit') : t('alarm.group.add')}
      name="alarmGroup"
      initialValues={initialValues}
      fields={(field) => formNameOfGroupPath(field.split('.'))}
      describeError={(error) => describeAlarmFailure(error, locale)}
      check={check}
      submit={(submitted) => submit({ ...initialValues, ...submitted })}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={10}>
          <Form.Item name="name" label={t('alarm.fields.groupName')}>
            <Input
              maxLength={ALARM_GROUP_NAME_MAX_LENGTH}
              showCount
              placeholder={t('alarm.group.required.name')}
            />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item name="channels" label={t('alarm.fields.channels')}>
            <Select
              mode="multiple"
              options={ALARM_CHANNELS.map((code) => ({ value: code, label: channelName(code, locale) }))}
              placeholder={t('alarm.group.required.channels')}
            />
          </Form.Item>
        </Col>
      </Row>
      {used.includes('wechat') ? (
        <Row gutter={16}>
          <Col span={18}>
            <Form.Item name="wechatUrl" label={t('alarm.fields.wechatUrl')}>
              <Input placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="wechatMentionAll" label={t('alarm.fields.mentionAll')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {used.includes('webhook') ? (
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item name="webhookUrl" label={t('alarm.fields.webhookUrl')}>
              <Input placeholder="https://" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name="webhookSecret"
              label={t('alarm.fields.secret')}
              extra={t('alarm.group.secretHint')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}

      <Divider titlePlacement="start" plain>
        {t('alarm.group.recipients', { max: RECIPIENTS_PER_GROUP_MAX })}
      </Divider>
      <RecipientList
        productId={productId}
        initialIds={group?.recipients.map((recipient) => recipient.accountId) ?? []}
        chosenIds={(values.recipients ?? []).map((recipient) => recipient.accountId ?? '')}
        personChannels={personChannels}
      />

      <Divider titlePlacement="start" plain>
        {t('alarm.group.escalation')}
      </Divider>
      <Typography.Paragraph type="secondary">{t('alarm.group.escalationHint')}</Typography.Paragraph>
      <Form.List name="escalation">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Row gutter={8} key={field.key} align="top">
                <Col span={7}>
                  <Form.Item name={[field.name, 'delayMinutes']}>
                    <InputNumber
                      min={0}
                      max={24 * 60}
                      prefix={t('alarm.group.step', { step: index + 1 })}
                      suffix={t('alarm.group.minutes')}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <ChannelCells
                  row={field.name}
                  channels={used}
                  span={15}
                  onRemove={() => remove(field.name)}
                />
              </Row>
            ))}
            <AddRowButton
              label={t('alarm.group.addStep')}
              disabled={fields.length >= ESCALATION_STEPS_MAX}
              onClick={() => add({ delayMinutes: fields.length === 0 ? 0 : null, channels: [] })}
            />
          </>
        )}
      </Form.List>

      <Divider titlePlacement="start" plain>
        {t('alarm.group.repeats')}
      </Divider>
      <Typography.Text strong>
        {t('alarm.group.repeatTitle', {
          channels:
            used
              .filter((code) => ALARM_CHANNEL_DEFINITIONS[code].repeat === 'until-acknowledged')
              .map((code) => channelName(code, locale))
              .join('、') || '—',
        })}
      </Typography.Text>
      {repeatInputs('repeat', REPEAT_INTERVAL_MIN_SECONDS)}
      <Typography.Text strong>{t('alarm.group.voiceTitle')}</Typography.Text>
      {repeatInputs('voice', VOICE_INTERVAL_MIN_SECONDS)}
      <Form.Item
        name="releaseNotice"
        label={t('alarm.fields.releaseNotice')}
        valuePropName="checked"
        extra={t('alarm.group.releaseNoticeHint')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
