/**
 * Adding or editing a script: name and key, policy with its interval, condition or watched
 * variables, and the code in a monospace editor with the functions a script has. The script is
 * checked with the contract's schema before it is sent; each complaint shows on its input, and
 * what the platform refuses (a wrong condition, capacity) shows on its input or above the form.
 */
import {
  SCRIPT_CODE_MAX_LENGTH,
  SCRIPT_FREQUENCIES,
  SCRIPT_INTERVAL_MAX_SECONDS,
  SCRIPT_INTERVAL_MIN_SECONDS,
  SCRIPT_POLICIES,
  scriptSchema,
  type Script,
} from '@lyyp/contracts/device-model';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { edgeLogicApi } from '../../api/edge-logic.api.ts';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { describeFailure, labelFieldPath } from '../monitor/common/catalogue-text.ts';
import { listSchemaIssues } from '../monitor/common/schema-rules.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { FormDialog, type EditDialogProps, type FormCheck } from '../../blocks/index.ts';
import {
  createScriptValues,
  listPolicyFields,
  toScriptFormValues,
  toScriptInput,
  type ScriptField,
  type ScriptFormValues,
} from './script-form.ts';

const FORM_FIELDS: readonly ScriptField[] = [
  'key',
  'name',
  'enabled',
  'policy',
  'intervalSeconds',
  'frequency',
  'condition',
  'watch',
  'code',
];

/** The input a field path of the schema or the platform names (`script.condition`, `scripts.3.watch.0`). */
function inputOf(path: readonly (string | number)[]): ScriptField | null {
  const named = path.find((part): part is ScriptField => FORM_FIELDS.includes(part as ScriptField));
  return named ?? null;
}

export function ScriptDialog({
  productId,
  item: script,
  onClose,
  onSaved,
}: EditDialogProps<Script> & { productId: string }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<ScriptFormValues>();
  const initialValues = script ? toScriptFormValues(script) : createScriptValues();
  const watched = (Form.useWatch([], form) as ScriptFormValues | undefined) ?? {};
  const values = { ...initialValues, ...watched };
  const used = listPolicyFields(values);
  const variables = useQuery({
    queryKey: ['variables', productId, 'scripts'],
    queryFn: () => catalogueApi.listVariables(productId, { page: 1, pageSize: 1000 }),
  });
  const labels = CONSOLE_TEXTS[locale].edgeLogic.fields;
  const describe = (code: string, params: Record<string, string | number> | undefined) =>
    translateCatalogue(code, locale, {
      ...params,
      ...(typeof params?.field === 'string' ? { field: labelFieldPath(params.field, locale, labels) } : {}),
    });

  const describeError = (error: unknown) =>
    isApiError(error) ? describe(error.code, error.params) : describeFailure(error, locale);

  const check = (submitted: ScriptFormValues): FormCheck | null => {
    const issues = listSchemaIssues(scriptSchema, toScriptInput({ ...initialValues, ...submitted }));
    const placed = new Map<ScriptField, string>();
    for (const issue of issues) {
      const name = inputOf(issue.path) ?? 'code';
      if (!placed.has(name)) placed.set(name, describe(issue.violation.code, issue.violation.params));
    }
    return placed.size > 0
      ? { fields: [...placed].map(([name, text]) => ({ name: [name], errors: [text] })) }
      : null;
  };

  const options = (variables.data?.list ?? []).map((variable) => ({
    value: variable.key,
    label: `${variable.name} (${variable.key})`,
  }));

  return (
    <FormDialog<ScriptFormValues>
      width={760}
      title={
        script ? t('edgeLogic.script.dialogEdit', { name: script.name }) : t('edgeLogic.script.dialogAdd')
      }
      okText={t('monitor.common.confirm')}
      form={form}
      initialValues={initialValues}
      fields={(field) => {
        const name = inputOf(field.split('.'));
        return name ? [name] : null;
      }}
      describeError={describeError}
      check={check}
      submit={(submitted) =>
        edgeLogicApi.saveScript(productId, toScriptInput({ ...initialValues, ...submitted }), script?.key)
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Form.Item name="name" label={labels.name} required>
            <Input data-testid="script-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item name="key" label={labels.key} required>
            <Input data-testid="script-key" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="enabled" label={labels.enabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item name="policy" label={labels.policy} required>
            <Select
              data-testid="script-policy"
              options={SCRIPT_POLICIES.map((policy) => ({
                value: policy,
                label: t(`edgeLogic.policies.${policy}`),
              }))}
            />
          </Form.Item>
        </Col>
        {used.has('frequency') ? (
          <Col xs={24} md={9}>
            <Form.Item name="frequency" label={labels.frequency}>
              <Select
                options={SCRIPT_FREQUENCIES.map((frequency) => ({
                  value: frequency,
                  label: t(`edgeLogic.frequencies.${frequency}`),
                }))}
              />
            </Form.Item>
          </Col>
        ) : null}
        {used.has('intervalSeconds') ? (
          <Col xs={24} md={6}>
            <Form.Item name="intervalSeconds" label={labels.intervalSeconds} required>
              <InputNumber
                min={SCRIPT_INTERVAL_MIN_SECONDS}
                max={SCRIPT_INTERVAL_MAX_SECONDS}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        ) : null}
        {used.has('condition') ? (
          <Col span={24}>
            <Form.Item name="condition" label={labels.condition} required>
              <Input
                placeholder="waterTemperature > 90 && running == 1"
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
          </Col>
        ) : null}
        {used.has('watch') ? (
          <Col span={24}>
            <Form.Item name="watch" label={labels.watch} required>
              <Select
                mode="multiple"
                options={options}
                placeholder={t('edgeLogic.script.watchPlaceholder')}
                loading={variables.isPending}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={24}>
          <Form.Item name="code" label={labels.code} required extra={t('edgeLogic.script.apiHelp')}>
            <Input.TextArea
              data-testid="script-code"
              autoSize={{ minRows: 8, maxRows: 20 }}
              maxLength={SCRIPT_CODE_MAX_LENGTH}
              spellCheck={false}
              style={{
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: 13,
              }}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
