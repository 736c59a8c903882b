/**
 * Checks a whole device model before it is stored: the §5 rules of `deviceModelSchema` (so rules
 * across drivers and variables hold), every formula through the formula engine (variable `x`), and
 * the product's capacity. Failures are catalogue errors naming the field, in the caller's terms.
 */
import {
  CATALOGUE_ISSUE_PREFIX,
  CatalogueError,
  isErrorCode,
  type ErrorParams,
  type Locale,
} from '@lyyp/contracts';
import { deviceModelSchema, type DeviceModel } from '@lyyp/contracts/device-model';
import { FORMULA_VALUE_VARIABLE } from '@lyyp/contracts/formula';
import { formulaErrorParams, validateFormula } from '@lyyp/formula';
import type { ProductCapacity } from './capacity.ts';
import { checkEdgeLogic, scriptsOf } from './edge-logic-validation.ts';
import { dottedPath, type FieldNamer } from './field-names.ts';

export { dottedPath, fieldsOf, type FieldNamer } from './field-names.ts';

/** Prefixes every field, e.g. `json.` for the model inside an imported document. */
export function prefixed(prefix: string, inner: FieldNamer = dottedPath): FieldNamer {
  return (path) => `${prefix}${inner(path)}`;
}

interface Issue {
  message: string;
  path: PropertyKey[];
  params?: Record<string, unknown> | undefined;
}

function scalarParams(params: Record<string, unknown> | undefined): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') result[key] = value;
  }
  return result;
}

/** The catalogue error of a failed zod rule; rules without a code of their own are 1002. */
export function catalogueErrorOfIssue(issue: Issue, nameField: FieldNamer): CatalogueError {
  const field = nameField(issue.path);
  const code = issue.message.startsWith(CATALOGUE_ISSUE_PREFIX)
    ? issue.message.slice(CATALOGUE_ISSUE_PREFIX.length)
    : '';
  if (isErrorCode(code)) return new CatalogueError(code, { ...scalarParams(issue.params), field });
  return new CatalogueError(issue.message.includes('received undefined') ? '1001' : '1002', { field });
}

const FORMULA_FIELDS = ['collectionFormula', 'writeFormula'] as const;

export interface ModelCheck {
  locale: Locale;
  capacity: ProductCapacity;
  /** The model before the change: capacity is only enforced when a count grows past it. */
  previous?: DeviceModel;
  nameField?: FieldNamer;
  /** The computed variable a change edits: a formula cycle through it is reported in its formula. */
  focusFormula?: string | undefined;
}

export function validateDeviceModel(input: unknown, check: ModelCheck): DeviceModel {
  const nameField = check.nameField ?? dottedPath;
  const parsed = deviceModelSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw issue
      ? catalogueErrorOfIssue(issue, nameField)
      : new CatalogueError('1002', { field: nameField([]) });
  }
  const model = parsed.data;
  model.variables.forEach((variable, index) => {
    for (const field of FORMULA_FIELDS) {
      const formula = variable[field];
      if (formula === undefined) continue;
      const error = validateFormula(formula, [FORMULA_VALUE_VARIABLE]);
      if (error) {
        const params: ErrorParams = {
          ...formulaErrorParams(error, check.locale),
          field: nameField(['variables', index, field]),
        };
        throw new CatalogueError(error.code, params);
      }
    }
  });
  checkEdgeLogic(model, {
    ...check,
    nameField,
    previousScripts: check.previous ? scriptsOf(check.previous).length : 0,
    scriptCapacity: check.capacity.scripts,
  });
  const previous = check.previous ?? { drivers: [], variables: [] };
  if (model.drivers.length > check.capacity.drivers && model.drivers.length > previous.drivers.length) {
    throw new CatalogueError('1510', { used: model.drivers.length, total: check.capacity.drivers });
  }
  if (
    model.variables.length > check.capacity.variables &&
    model.variables.length > previous.variables.length
  ) {
    throw new CatalogueError('1513', { used: model.variables.length, total: check.capacity.variables });
  }
  return model;
}
