/**
 * Adding or editing a history report (§3): name, type, storage mode with its interval, condition
 * or expression, interval or single storage, and the variables with their aggregation. Inputs are
 * checked by the contract's schema as typed; what the platform still refuses shows on the input it
 * names.
 */
import { MinusCircleOutlined } from '@ant-design/icons';
import { FORMULA_MAX_LENGTH } from '@lyyp/contracts/formula';
import {
  REPORT_AGGREGATIONS,
  REPORT_CONDITION_OPERATORS,
  REPORT_INTERVAL_MINUTES,
  REPORT_NAME_MAX_LENGTH,
  REPORT_STORAGE_KINDS,
  REPORT_STORAGE_MODES,
  REPORT_TYPES,
  REPORT_VARIABLES_MAX,
  reportDefinitionSchema,
  type ReportDefinition,
} from '@lyyp/contracts/report';
import { Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../api/report.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { schemaRule, type FieldPath } from '../monitor/common/schema-rules.ts';
import { AddRowButton, FormDialog, RemoveRowButton, type EditDialogProps } from '../../blocks/index.ts';
import {
  createReportValues,
  defaultAggregation,
  formFieldOfReportPath,
  reportableVariables,
  toReportFormValues,
  toReportInput,
  type ReportFormValues,
  type ReportVariableOption,
} from './report-form.ts';

export function ReportDialog({
  productId,
  item: report,
  variables,
  onClose,
  onSaved,
}: EditDialogProps<ReportDefinition> & {
  productId: string;
  variables: readonly ReportVariableOption[];
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<ReportFormValues>();
  const storageMode = Form.useWatch('storageMode', form) ?? report?.storageMode ?? 'periodic';
  const options = useMemo(
    () =>
      reportableVariables(variables).map((variable) => ({
        value: variable.key,
        label: `${variable.name} (${variable.key})${variable.unit ? ` · ${variable.unit}` : ''}`,
      })),
    [variables],
  );
  const rule = (path: FieldPath) =>
    schemaRule(
      reportDefinitionSchema,
      path,
      (values) => toReportInput(values as unknown as ReportFormValues, report?.id),
      locale,
    );

  const submit = (values: ReportFormValues) => {
    const input = toReportInput(values, report?.id);
    return report ? reportApi.editReport(productId, input) : reportApi.addReport(productId, input);
  };

  const searchable = { showSearch: { optionFilterProp: 'label' } } as const;
  return (
    <FormDialog<ReportFormValues>
      width={720}
      title={report ? t('report.product.edit') : t('report.product.add')}
      okText={t('monitor.common.confirm')}
      okButtonProps={{ id: 'report-save' }}
      form={form}
      name="report"
      initialValues={report ? toReportFormValues(report) : createReportValues()}
      fields={formFieldOfReportPath}
      submit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      {report ? (
        <Typography.Paragraph type="secondary">{t('report.product.editNote')}</Typography.Paragraph>
      ) : null}
      <Space wrap align="start">
        <Form.Item
          name="name"
          label={t('report.fields.name')}
          rules={[rule(['name'])]}
          style={{ width: 260 }}
        >
          <Input maxLength={REPORT_NAME_MAX_LENGTH} showCount data-testid="report-name" />
        </Form.Item>
        <Form.Item name="type" label={t('report.fields.type')} style={{ width: 160 }}>
          <Select options={REPORT_TYPES.map((type) => ({ value: type, label: t(`report.types.${type}`) }))} />
        </Form.Item>
        <Form.Item name="intervalMinutes" label={t('report.fields.intervalMinutes')} style={{ width: 140 }}>
          <Select
            data-testid="report-interval"
            options={REPORT_INTERVAL_MINUTES.map((minutes) => ({
              value: minutes,
              label: t('report.minutes', { count: minutes }),
            }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('report.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item
        name="storageMode"
        label={t('report.fields.storageMode')}
        extra={t(`report.storageModeHints.${storageMode}`)}
      >
        <Radio.Group
          optionType="button"
          options={REPORT_STORAGE_MODES.map((mode) => ({
            value: mode,
            label: t(`report.storageModes.${mode}`),
          }))}
        />
      </Form.Item>
      {storageMode === 'condition' ? (
        <Space wrap align="start">
          <Form.Item
            name="conditionKey"
            label={t('report.fields.variableKey')}
            rules={[rule(['condition'])]}
            style={{ width: 280 }}
          >
            <Select {...searchable} options={options} />
          </Form.Item>
          <Form.Item name="conditionOperator" label={t('report.fields.operator')} style={{ width: 100 }}>
            <Select
              options={REPORT_CONDITION_OPERATORS.map((operator) => ({ value: operator, label: operator }))}
            />
          </Form.Item>
          <Form.Item name="conditionValue" label={t('report.fields.value')} rules={[rule(['condition'])]}>
            <InputNumber style={{ width: 140 }} />
          </Form.Item>
        </Space>
      ) : null}
      {storageMode === 'expression' ? (
        <Form.Item
          name="expression"
          label={t('report.fields.expression')}
          extra={t('report.product.expressionHint')}
          rules={[rule(['expression'])]}
        >
          <Input.TextArea rows={2} maxLength={FORMULA_MAX_LENGTH} showCount />
        </Form.Item>
      ) : null}
      {storageMode === 'condition' || storageMode === 'expression' ? (
        <Form.Item name="storage" label={t('report.fields.storage')}>
          <Radio.Group
            options={REPORT_STORAGE_KINDS.map((kind) => ({
              value: kind,
              label: t(`report.storageKinds.${kind}`),
            }))}
          />
        </Form.Item>
      ) : null}
      <Typography.Text strong>{t('report.fields.variables')}</Typography.Text>
      <Form.List name="variables">
        {(fields, { add, remove }) => (
          <div style={{ marginTop: 8 }}>
            {fields.map((field) => (
              <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'key']}
                  rules={[rule(['variables', field.name, 'key'])]}
                  style={{ width: 340 }}
                >
                  <Select
                    {...searchable}
                    placeholder={t('report.fields.key')}
                    options={options}
                    data-testid={`report-variable-${field.name}`}
                    onChange={(key: string) =>
                      form.setFieldValue(
                        ['variables', field.name, 'aggregation'],
                        defaultAggregation(variables.find((variable) => variable.key === key)),
                      )
                    }
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'aggregation']} style={{ width: 140 }}>
                  <Select
                    aria-label={t('report.fields.aggregation')}
                    options={REPORT_AGGREGATIONS.map((aggregation) => ({
                      value: aggregation,
                      label: t(`report.aggregations.${aggregation}`),
                    }))}
                  />
                </Form.Item>
                {fields.length > 1 ? (
                  <RemoveRowButton icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} />
                ) : null}
              </Space>
            ))}
            <AddRowButton
              type="dashed"
              label={t('report.product.addVariable')}
              disabled={fields.length >= REPORT_VARIABLES_MAX}
              onClick={() => add({ aggregation: 'average' })}
            />
          </div>
        )}
      </Form.List>
    </FormDialog>
  );
}
