/**
 * Adding or editing a variable with every §3 field. Each input is checked as typed by the
 * variable schema of @lyyp/contracts (limits, placement, data type against register table), and
 * formulas by the formula engine; inputs that do not apply to the variable as it stands are hidden
 * and not sent. What the platform still refuses is shown on the input it names.
 */
import { FORMULA_VALUE_VARIABLE } from '@lyyp/contracts/formula';
import { variableSchema, type Driver, type Variable } from '@lyyp/contracts/device-model';
import { translateFormulaError, validateFormula } from '@lyyp/formula';
import { Divider, Form } from 'antd';
import type { FormRule } from 'antd';
import { Fragment, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormDialog, recheckedForm } from '../../blocks/index.ts';
import { schemaRule, type RuleFor } from '../monitor/common/schema-rules.ts';
import { locateFields } from '../monitor/common/use-form-failure.ts';
import { StateMappingEditor } from './StateMappingEditor.tsx';
import { useModelChanged } from './use-product.ts';
import {
  createVariableValues,
  listRelevantFields,
  toFormValues,
  toVariableInput,
  type VariableField,
  type VariableFormValues,
} from './variable-form.ts';
import {
  VariableIdentityFields,
  VariableRegisterFields,
  VariableScalingFields,
  VariableWriteFields,
  type VariableFieldsProps,
} from './VariableFields.tsx';

const FORM_FIELDS: readonly VariableField[] = [
  'key',
  'name',
  'kind',
  'driverKey',
  'registerType',
  'addressType',
  'address',
  'dataType',
  'bitIndex',
  'stringLength',
  'readWrite',
  'unit',
  'decimals',
  'deadZone',
  'collectionFormula',
  'writeFormula',
  'collectionLowerLimit',
  'collectionUpperLimit',
  'writeLowerLimit',
  'writeUpperLimit',
  'stateMapping',
  'collectionMode',
  'writePermission',
];
const locate = locateFields(FORM_FIELDS, 'variable.');
const toInput = (values: Record<string, unknown>) => toVariableInput(values);

/** The parts of the dialog after the identity, each shown when its first input applies to the variable. */
const SECTIONS: readonly {
  field: VariableField;
  title: string;
  Fields: ComponentType<VariableFieldsProps>;
}[] = [
  { field: 'registerType', title: 'monitor.variable.register', Fields: VariableRegisterFields },
  { field: 'unit', title: 'monitor.variable.scaling', Fields: VariableScalingFields },
  { field: 'writePermission', title: 'monitor.variable.writing', Fields: VariableWriteFields },
  {
    field: 'stateMapping',
    title: 'monitor.fields.stateMapping',
    Fields: ({ ruleFor }) => <StateMappingEditor ruleFor={ruleFor} />,
  },
];

export function VariableDialog({
  productId,
  variable,
  drivers,
  onClose,
}: {
  productId: string;
  /** The variable being edited; null adds a new one. */
  variable: Variable | null;
  drivers: readonly Driver[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<VariableFormValues>();
  const values = (Form.useWatch([], form) as VariableFormValues | undefined) ?? {};
  const initialValues = variable ? toFormValues(variable) : createVariableValues(drivers);
  const relevant = listRelevantFields({ ...initialValues, ...values });
  const modelChanged = useModelChanged(productId);

  const submit = async (submitted: VariableFormValues) => {
    const input = toVariableInput(submitted);
    const change = await (variable
      ? catalogueApi.editVariable(productId, variable.key, input)
      : catalogueApi.addVariable(productId, input));
    await modelChanged(change);
    return change;
  };

  const ruleFor: RuleFor = (path, options) => {
    const rules: FormRule[] = [schemaRule(variableSchema, path, toInput, locale, options)];
    if (path[0] === 'collectionFormula' || path[0] === 'writeFormula') {
      rules.push({
        validator: (_rule, text: string | undefined) => {
          const error = text?.trim() ? validateFormula(text, [FORMULA_VALUE_VARIABLE]) : null;
          return error ? Promise.reject(new Error(translateFormulaError(error, locale))) : Promise.resolve();
        },
      });
    }
    return rules;
  };
  const parts = { relevant, ruleFor, drivers, values: { ...initialValues, ...values } };

  return (
    <FormDialog<VariableFormValues>
      {...recheckedForm(form, 860)}
      title={variable ? t('monitor.variable.edit') : t('monitor.variable.add')}
      name="variable"
      initialValues={initialValues}
      fields={locate}
      submit={submit}
      successText={null}
      onClose={onClose}
    >
      <VariableIdentityFields {...parts} />
      {SECTIONS.filter((section) => relevant.has(section.field)).map(({ field, title, Fields }) => (
        <Fragment key={field}>
          <Divider titlePlacement="start" plain>
            {t(title)}
          </Divider>
          <Fields {...parts} />
        </Fragment>
      ))}
    </FormDialog>
  );
}
