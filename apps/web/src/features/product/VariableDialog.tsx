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
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormDialog } from '../../blocks/index.ts';
import { revalidateFailingFields, schemaRule, type RuleFor } from '../monitor/common/schema-rules.ts';
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
      width={860}
      scrollBody
      title={variable ? t('monitor.variable.edit') : t('monitor.variable.add')}
      form={form}
      name="variable"
      initialValues={initialValues}
      fields={locate}
      submit={submit}
      successText={null}
      onClose={onClose}
      onValuesChange={() => revalidateFailingFields(form)}
    >
      <VariableIdentityFields {...parts} />
      {relevant.has('registerType') ? (
        <>
          <Divider titlePlacement="start" plain>
            {t('monitor.variable.register')}
          </Divider>
          <VariableRegisterFields {...parts} />
        </>
      ) : null}
      {relevant.has('unit') ? (
        <>
          <Divider titlePlacement="start" plain>
            {t('monitor.variable.scaling')}
          </Divider>
          <VariableScalingFields {...parts} />
        </>
      ) : null}
      {relevant.has('writePermission') ? (
        <>
          <Divider titlePlacement="start" plain>
            {t('monitor.variable.writing')}
          </Divider>
          <VariableWriteFields {...parts} />
        </>
      ) : null}
      {relevant.has('stateMapping') ? (
        <>
          <Divider titlePlacement="start" plain>
            {t('monitor.fields.stateMapping')}
          </Divider>
          <StateMappingEditor ruleFor={ruleFor} />
        </>
      ) : null}
    </FormDialog>
  );
}
