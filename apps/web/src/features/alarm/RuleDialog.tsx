/**
 * Adding or editing an alarm rule with every field of §3: variable, condition (comparison, range or
 * bit) against a value or another variable, filter count, dead band, groups, push methods, message
 * text with placeholders and a live preview, enabled. Inputs are checked as typed (`rule-checks.ts`);
 * what the platform still refuses is shown on the input it names.
 */
import {
  ALARM_CHANNELS,
  ALARM_MESSAGE_MAX_LENGTH,
  ALARM_MESSAGE_PLACEHOLDERS,
  ALARM_NAME_MAX_LENGTH,
  ALARM_OPERATORS,
  BIT_ALARM_MAX_BIT,
  FILTER_COUNT_MAX,
  FILTER_COUNT_MIN,
  type AlarmGroup,
  type AlarmMessagePlaceholder,
  type AlarmRule,
} from '@lyyp/contracts/alarm';
import {
  Alert,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '../../api/alarm.api.ts';
import { ArticleSelect } from '../knowledge/ArticleSelect.tsx';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormDialog, recheckedForm, type EditDialogProps } from '../../blocks/index.ts';
import { channelName, conditionName, describeAlarmFailure, labelAlarmField } from './alarm-text.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { checkRuleForm } from './rule-checks.ts';
import {
  createRuleValues,
  describeRelease,
  formFieldOfRulePath,
  listAlarmVariables,
  listRuleFields,
  operandsOf,
  previewRuleMessage,
  toRuleFormValues,
  toRuleInput,
  type OperandName,
  type RuleFormField,
  type RuleFormValues,
  type RuleVariable,
} from './rule-form.ts';

export function RuleDialog({
  productId,
  item: rule,
  variables,
  groups,
  onClose,
  onSaved,
}: EditDialogProps<AlarmRule> & {
  productId: string;
  variables: readonly RuleVariable[];
  groups: readonly AlarmGroup[];
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<RuleFormValues>();
  const initialValues = rule ? toRuleFormValues(rule) : createRuleValues();
  const watched = (Form.useWatch([], form) as RuleFormValues | undefined) ?? {};
  const values = { ...initialValues, ...watched };
  const relevant = listRuleFields(values);

  const context = {
    variables: variables.map((variable) => ({ key: variable.key, dataType: variable.dataType as never })),
    groupIds: new Set(groups.map((group) => group.id)),
  };

  const submit = (submitted: RuleFormValues) => {
    const input = toRuleInput({ ...initialValues, ...submitted }, rule?.id);
    if (rule) return alarmApi.editRule(productId, input);
    const { id: _id, ...added } = input;
    return alarmApi.addRule(productId, added);
  };
  const locate = (serverField: string) => {
    const field = formFieldOfRulePath(serverField.split('.'), form.getFieldsValue(true) as RuleFormValues);
    return field && relevant.has(field) ? [field] : null;
  };

  const rulesFor = (field: RuleFormField): FormRule[] => [
    ({ getFieldsValue }) => ({
      validator: () => {
        const current = { ...initialValues, ...(getFieldsValue(true) as RuleFormValues) };
        const problem = checkRuleForm(current, context).get(field);
        if (!problem) return Promise.resolve();
        const text =
          problem.kind === 'required'
            ? t(`alarm.rule.required.${field}`)
            : translateCatalogue(problem.violation.code, locale, {
                ...problem.violation.params,
                ...(typeof problem.violation.params?.field === 'string'
                  ? { field: labelAlarmField(problem.violation.params.field, locale) }
                  : {}),
              });
        return Promise.reject(new Error(text));
      },
    }),
  ];

  const variableOptions = (operator = values.operator) =>
    listAlarmVariables(variables, operator).map((variable) => ({
      value: variable.key,
      label: `${variable.name} (${variable.key})`,
    }));
  const watchedVariable = variables.find((variable) => variable.key === values.variableKey);
  const preview = previewRuleMessage(
    values,
    watchedVariable,
    { device: t('alarm.rule.exampleDevice'), value: exampleValue(values) },
    locale,
  );

  const operandInputs = (name: OperandName) => (
    <Row gutter={8} key={name}>
      <Col span={8}>
        <Form.Item name={`${name}Kind`} label={t(`alarm.rule.${name}`)}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'value', label: t('alarm.rule.kindValue') },
              { value: 'variable', label: t('alarm.rule.kindVariable') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={16}>
        {relevant.has(`${name}Key`) ? (
          <Form.Item
            name={`${name}Key`}
            label=" "
            rules={rulesFor(`${name}Key`)}
            data-testid={`rule-${name}-key`}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={variableOptions('gt')}
              placeholder={t('alarm.rule.chooseVariable')}
            />
          </Form.Item>
        ) : (
          <Form.Item name={`${name}Value`} label=" " rules={rulesFor(`${name}Value`)}>
            <InputNumber
              style={{ width: '100%' }}
              data-testid={`rule-${name}-value`}
              suffix={watchedVariable?.unit || undefined}
              placeholder={t('alarm.rule.valuePlaceholder')}
            />
          </Form.Item>
        )}
      </Col>
    </Row>
  );

  return (
    <FormDialog<RuleFormValues>
      {...recheckedForm(form, 760)}
      title={rule ? t('alarm.rule.edit') : t('alarm.rule.add')}
      name="alarmRule"
      initialValues={initialValues}
      okButtonProps={{ id: 'rule-save' }}
      fields={locate}
      describeError={(error) => describeAlarmFailure(error, locale)}
      submit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('alarm.fields.name')} rules={rulesFor('name')}>
            <Input
              maxLength={ALARM_NAME_MAX_LENGTH}
              showCount
              placeholder={t('alarm.rule.required.name')}
              data-testid="rule-name"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="variableKey" label={t('alarm.fields.variableKey')} rules={rulesFor('variableKey')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={variableOptions()}
              placeholder={t('alarm.rule.required.variableKey')}
              data-testid="rule-variable"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="operator" label={t('alarm.fields.operator')} rules={rulesFor('operator')}>
        <Select
          data-testid="rule-operator"
          options={ALARM_OPERATORS.map((operator) => ({
            value: operator,
            label: conditionName(operator, locale),
          }))}
        />
      </Form.Item>
      {operandsOf(values.operator).map(operandInputs)}
      {values.operator === 'bit' ? (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="bit"
              label={t('alarm.fields.bit')}
              rules={rulesFor('bit')}
              extra={t('alarm.rule.bitHint', { max: BIT_ALARM_MAX_BIT })}
            >
              <InputNumber min={0} max={BIT_ALARM_MAX_BIT} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="expected" label={t('alarm.fields.expected')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: '1' },
                  { value: 0, label: '0' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="filterCount"
            label={t('alarm.fields.filterCount')}
            rules={rulesFor('filterCount')}
            extra={t('alarm.rule.filterCountHint')}
          >
            <InputNumber
              min={FILTER_COUNT_MIN}
              max={FILTER_COUNT_MAX}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          {relevant.has('deadBand') ? (
            <Form.Item
              name="deadBand"
              label={t('alarm.fields.deadBand')}
              rules={rulesFor('deadBand')}
              extra={t('alarm.rule.deadBandHint')}
            >
              <InputNumber min={0} style={{ width: '100%' }} suffix={watchedVariable?.unit || undefined} />
            </Form.Item>
          ) : null}
        </Col>
      </Row>
      <Form.Item
        name="groupIds"
        label={t('alarm.fields.groupIds')}
        rules={rulesFor('groupIds')}
        extra={groups.length === 0 ? t('alarm.rule.noGroups') : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          options={groups.map((group) => ({ value: group.id, label: group.name }))}
          placeholder={t('alarm.rule.chooseGroups')}
        />
      </Form.Item>
      <Form.Item name="pushMethods" label={t('alarm.fields.pushMethods')} rules={rulesFor('pushMethods')}>
        <Select
          mode="multiple"
          options={ALARM_CHANNELS.map((code) => ({ value: code, label: channelName(code, locale) }))}
          placeholder={t('alarm.rule.required.pushMethods')}
        />
      </Form.Item>
      <Form.Item
        name="message"
        label={t('alarm.fields.message')}
        rules={rulesFor('message')}
        extra={
          <Space size={4} wrap style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{t('alarm.rule.placeholders')}</Typography.Text>
            {(Object.keys(ALARM_MESSAGE_PLACEHOLDERS) as AlarmMessagePlaceholder[]).map((name) => (
              <Tag
                key={name}
                style={{ cursor: 'pointer' }}
                onClick={() => {
                  form.setFieldValue(
                    'message',
                    `${(form.getFieldValue('message') as string | undefined) ?? ''}{${name}}`,
                  );
                  void form.validateFields(['message']).catch(() => undefined);
                }}
              >
                {`{${name}}`}{' '}
                {locale === 'en-US'
                  ? ALARM_MESSAGE_PLACEHOLDERS[name].en
                  : ALARM_MESSAGE_PLACEHOLDERS[name].zh}
              </Tag>
            ))}
          </Space>
        }
      >
        <Input.TextArea
          rows={2}
          maxLength={ALARM_MESSAGE_MAX_LENGTH}
          showCount
          placeholder={t('alarm.rule.messagePlaceholder')}
        />
      </Form.Item>
      <Form.Item name="articleId" label={t('knowledge.linkedArticle')}>
        <ArticleSelect productId={productId} />
      </Form.Item>
      <Alert
        type="info"
        showIcon
        data-testid="rule-preview"
        title={t('alarm.rule.preview')}
        description={preview}
        style={{ marginBottom: 16 }}
      />
      <Form.Item name="enabled" label={t('alarm.fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Typography.Text type="secondary" data-testid="rule-release">
        {t('alarm.rule.releaseRule', { rule: describeRelease(values, watchedVariable?.name ?? '') })}
      </Typography.Text>
    </FormDialog>
  );
}

/** A value that would raise the alarm, for the preview: just past the limit, or the range's edge. */
function exampleValue(values: RuleFormValues): number {
  const number = (value: number | null | undefined) =>
    typeof value === 'number' && Number.isFinite(value) ? value : 0;
  switch (values.operator ?? 'gt') {
    case 'gt':
      return number(values.limitValue) + 1;
    case 'lt':
      return number(values.limitValue) - 1;
    case 'ne':
      return number(values.limitValue) + 1;
    case 'inside':
      return number(values.lowValue);
    case 'outside':
      return number(values.highValue) + 1;
    case 'bit':
      return values.expected === 0 ? 0 : 2 ** number(values.bit);
    case 'ge':
    case 'le':
    case 'eq':
      return number(values.limitValue);
  }
}
