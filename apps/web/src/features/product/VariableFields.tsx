/**
 * The inputs of the variable form, in the groups the dialog shows: identity and type, register
 * placement, display and scaling, writing. Choices of register table, address notation and data
 * type come from the registries in @lyyp/contracts with their own labels.
 */
import {
  ADDRESS_TYPE_DEFINITIONS,
  BIT_INDEX_MAX,
  COLLECTION_MODES,
  DATA_TYPE_DEFINITIONS,
  DECIMALS_MAX,
  READ_WRITE_TYPES,
  REGISTER_TYPE_DEFINITIONS,
  STRING_LENGTH_MAX,
  VARIABLE_KINDS,
  type Driver,
} from '@lyyp/contracts/device-model';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../app/i18n.ts';
import { requiredKindOf, type RuleFor } from '../monitor/common/schema-rules.ts';
import {
  defaultAddressType,
  isWritableTable,
  listAddressTypes,
  listDataTypes,
  type VariableField,
  type VariableFormValues,
} from './variable-form.ts';

export interface VariableFieldsProps {
  relevant: ReadonlySet<VariableField>;
  ruleFor: RuleFor;
  drivers: readonly Driver[];
  values: VariableFormValues;
}

type Labelled = { label: { zh: string; en: string } };

function useItem(ruleFor: RuleFor) {
  const { t } = useTranslation();
  return (
    field: VariableField,
    control: ReactNode,
    options: { span?: number; extra?: string; dependencies?: VariableField[]; switch?: boolean } = {},
  ) => (
    <Col xs={24} md={options.span ?? 8} key={field}>
      <Form.Item
        name={field}
        label={t(`monitor.fields.${field}`)}
        rules={ruleFor([field], { kind: requiredKindOf(control) })}
        extra={options.extra}
        dependencies={options.dependencies}
        valuePropName={options.switch ? 'checked' : 'value'}
      >
        {control}
      </Form.Item>
    </Col>
  );
}

function useRegistryLabel() {
  const locale = useLocaleStore((state) => state.locale);
  return (definition: Labelled) => (locale === 'en-US' ? definition.label.en : definition.label.zh);
}

const numberInput = (props: { min?: number; max?: number; precision?: number } = {}) => (
  <InputNumber {...props} style={{ width: '100%' }} />
);

export function VariableIdentityFields({ relevant, ruleFor, values }: VariableFieldsProps) {
  const { t } = useTranslation();
  const item = useItem(ruleFor);
  const label = useRegistryLabel();
  const writable = isWritableTable(values);
  return (
    <Row gutter={16}>
      {item('name', <Input />)}
      {item('key', <Input />, { extra: t('monitor.variable.keyHint') })}
      {item(
        'kind',
        <Select
          options={VARIABLE_KINDS.map((kind) => ({ value: kind, label: t(`monitor.variableKind.${kind}`) }))}
        />,
      )}
      {item(
        'dataType',
        <Select
          options={listDataTypes(values).map((id) => ({
            value: id,
            label: label(DATA_TYPE_DEFINITIONS[id]),
          }))}
        />,
        { dependencies: ['registerType', 'kind'] },
      )}
      {relevant.has('stringLength')
        ? item('stringLength', numberInput({ min: 1, max: STRING_LENGTH_MAX, precision: 0 }))
        : null}
      {item(
        'readWrite',
        <Select
          options={READ_WRITE_TYPES.map((mode) => ({
            value: mode,
            label: t(`monitor.readWrite.${mode}`),
            disabled: mode !== 'read-only' && !writable,
          }))}
        />,
        { dependencies: ['registerType', 'kind'] },
      )}
    </Row>
  );
}

export function VariableRegisterFields({ relevant, ruleFor, drivers, values }: VariableFieldsProps) {
  const { t } = useTranslation();
  const item = useItem(ruleFor);
  const label = useRegistryLabel();
  const form = Form.useFormInstance<VariableFormValues>();
  const driver = drivers.find((candidate) => candidate.key === values.driverKey);
  const addressType = ADDRESS_TYPE_DEFINITIONS[values.addressType ?? 'decimal'];
  return (
    <Row gutter={16}>
      {item(
        'driverKey',
        <Select
          placeholder={drivers.length === 0 ? t('monitor.variable.noDriver') : undefined}
          options={drivers.map((candidate) => ({
            value: candidate.key,
            label: `${candidate.name} (${candidate.key})`,
          }))}
          onChange={(key: string) => {
            // A driver of another protocol brings its own address notation.
            const chosen = drivers.find((candidate) => candidate.key === key);
            const allowed = listAddressTypes(chosen);
            if (!allowed.includes(form.getFieldValue('addressType') as never))
              form.setFieldValue('addressType', defaultAddressType(chosen));
          }}
        />,
      )}
      {relevant.has('registerType')
        ? item(
            'registerType',
            <Select
              options={Object.values(REGISTER_TYPE_DEFINITIONS).map((definition) => ({
                value: definition.id,
                label: label(definition),
              }))}
            />,
          )
        : null}
      {item(
        'addressType',
        <Select
          options={listAddressTypes(driver).map((id) => ({
            value: id,
            label: label(ADDRESS_TYPE_DEFINITIONS[id]),
          }))}
        />,
      )}
      {relevant.has('samplingIntervalMs')
        ? item('samplingIntervalMs', numberInput({ min: 50, max: 86_400_000, precision: 0 }))
        : null}
      {item('address', <Input placeholder={addressType.example} />, {
        dependencies: ['registerType', 'addressType', 'dataType', 'stringLength'],
        extra: t('monitor.variable.addressHint'),
      })}
      {relevant.has('bitIndex')
        ? item('bitIndex', numberInput({ min: 0, max: BIT_INDEX_MAX, precision: 0 }), {
            dependencies: ['dataType', 'registerType'],
          })
        : null}
      {item(
        'collectionMode',
        <Select
          options={COLLECTION_MODES.map((mode) => ({
            value: mode,
            label: t(`monitor.collectionMode.${mode}`),
          }))}
        />,
      )}
    </Row>
  );
}

export function VariableScalingFields({ relevant, ruleFor }: VariableFieldsProps) {
  const { t } = useTranslation();
  const item = useItem(ruleFor);
  return (
    <Row gutter={16}>
      {relevant.has('formula')
        ? item('formula', <Input placeholder="voltage * current" />, {
            span: 24,
            extra: t('monitor.variable.formulaHint'),
          })
        : null}
      {item('unit', <Input placeholder="℃" />)}
      {item('decimals', numberInput({ min: 0, max: DECIMALS_MAX, precision: 0 }))}
      {item('deadZone', numberInput({ min: 0 }))}
      {item('collectionFormula', <Input placeholder="x / 10" />, {
        span: 24,
        extra: t('monitor.variable.collectionFormulaHint'),
      })}
      {item('collectionLowerLimit', numberInput(), { span: 12 })}
      {item('collectionUpperLimit', numberInput(), { span: 12, dependencies: ['collectionLowerLimit'] })}
    </Row>
  );
}

export function VariableWriteFields({ relevant, ruleFor }: VariableFieldsProps) {
  const { t } = useTranslation();
  const item = useItem(ruleFor);
  return (
    <Row gutter={16}>
      {item('writePermission', <Switch />, { span: 24, switch: true })}
      {relevant.has('writeFormula') ? (
        <>
          {item('writeFormula', <Input placeholder="x * 10" />, {
            span: 24,
            extra: t('monitor.variable.writeFormulaHint'),
          })}
          {item('writeLowerLimit', numberInput(), { span: 12 })}
          {item('writeUpperLimit', numberInput(), { span: 12, dependencies: ['writeLowerLimit'] })}
        </>
      ) : null}
    </Row>
  );
}
