/**
 * The model checks of computed variables and scripts: every intermediate and summary formula
 * reads only variables of the model and no formula depends on itself (§8 formula wrong, with the
 * column of the reference that closes the cycle), every script condition is a formula over the
 * model's variables, and the scripts fit the gateway (§9 capacity, 2351).
 */
import { CatalogueError, type Locale } from '@lyyp/contracts';
import { isComputedKind, type DeviceModel, type Script } from '@lyyp/contracts/device-model';
import { formulaErrorParams, orderFormulas, validateFormula, type OrderedFormula } from '@lyyp/formula';
import type { FieldNamer } from './field-names.ts';

/** A model's scripts; models stored before scripts existed have none written down. */
export function scriptsOf(model: DeviceModel): Script[] {
  return (model as Partial<DeviceModel>).scripts ?? [];
}

export interface EdgeLogicCheck {
  locale: Locale;
  nameField: FieldNamer;
  /** Scripts before the change: capacity is only enforced when the count grows past it. */
  previousScripts: number;
  /** Scripts one gateway of the product's hardware model may run. */
  scriptCapacity: number;
  /** The computed variable being edited, if one is. */
  focusFormula?: string | undefined;
}

/**
 * Computed variables in the order the gateway computes them, or the first formula problem (a cycle
 * through `focus`, the formula being edited, is told from it).
 */
export function orderComputedVariables(model: DeviceModel, focus?: string) {
  const computed = model.variables.filter((variable) => isComputedKind(variable.kind));
  return orderFormulas(
    computed.map((variable) => ({
      name: variable.key,
      source: variable.formula ?? '',
      readsItself: variable.kind === 'summary',
    })),
    {
      inputs: model.variables
        .filter((variable) => !isComputedKind(variable.kind))
        .map((variable) => variable.key),
      ...(focus === undefined ? {} : { focus }),
    },
  );
}

export function checkEdgeLogic(model: DeviceModel, check: EdgeLogicCheck): readonly OrderedFormula[] {
  const ordered = orderComputedVariables(model, check.focusFormula);
  if (!ordered.ok) {
    const index = model.variables.findIndex((variable) => variable.key === ordered.name);
    throw new CatalogueError(ordered.error.code, {
      ...formulaErrorParams(ordered.error, check.locale),
      field: check.nameField(['variables', index, 'formula']),
    });
  }
  const keys = model.variables.map((variable) => variable.key);
  model.scripts.forEach((script, index) => {
    if (script.condition === undefined) return;
    const error = validateFormula(script.condition, keys);
    if (error) {
      throw new CatalogueError(error.code, {
        ...formulaErrorParams(error, check.locale),
        field: check.nameField(['scripts', index, 'condition']),
      });
    }
  });
  const capacity = check.scriptCapacity;
  if (model.scripts.length > capacity && model.scripts.length > check.previousScripts) {
    throw new CatalogueError('2351', { used: model.scripts.length, total: capacity });
  }
  return ordered.order;
}
