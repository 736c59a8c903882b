/**
 * A product's variables as the designer and the viewer use them (§3 data binding): device variables
 * bind by `signalId`, intermediate variables by `mvarId`, both keyed by the variable key the live
 * channel reports; system keys come from their own table. Titles are the variable names, so a page
 * can be rebound by title when keys change.
 */
import type { DataBinding } from '@lyyp/contracts/designer';
import type { Variable } from '@lyyp/contracts/device-model';
import { createEmptyBinding, type LocalizedText, type RebindCatalogue } from '@lyyp/designer-core';
import { SYSTEM_KEYS, type SystemKey } from './system-keys.ts';
import type { SignalInfo } from './value-format.ts';

/** The parts of a variable the designer needs. */
export type CatalogueVariable = Pick<
  Variable,
  'key' | 'name' | 'kind' | 'unit' | 'decimals' | 'dataType' | 'readWrite' | 'stateMapping'
>;

export type BindingSource = 'signal' | 'mvar' | 'system';

export interface BindingOption {
  readonly source: BindingSource;
  /** Unique across sources: `signal:<key>`, `mvar:<key>`, `system:<name>`. */
  readonly value: string;
  readonly key: string;
  readonly title: string;
  readonly subTitle: string;
  readonly writable: boolean;
}

function sourceOf(variable: CatalogueVariable): BindingSource {
  return variable.kind === 'intermediate' ? 'mvar' : 'signal';
}

export function listBindingOptions(
  variables: readonly CatalogueVariable[],
  locale: 'zh-CN' | 'en-US',
): BindingOption[] {
  const fromVariables = variables.map((variable): BindingOption => {
    const source = sourceOf(variable);
    return {
      source,
      value: `${source}:${variable.key}`,
      key: variable.key,
      title: variable.name,
      subTitle: variable.unit,
      writable: variable.readWrite !== 'read-only',
    };
  });
  const system = (Object.entries(SYSTEM_KEYS) as [SystemKey, { label: LocalizedText }][]).map(
    ([key, definition]): BindingOption => ({
      source: 'system',
      value: `system:${key}`,
      key,
      title: locale === 'en-US' ? definition.label.en : definition.label.zh,
      subTitle: '',
      writable: false,
    }),
  );
  return [...fromVariables, ...system];
}

export function toBinding(option: BindingOption, type: DataBinding['type'] = 'signal'): DataBinding {
  const empty = createEmptyBinding(type);
  const named = { ...empty, title: option.title, subTitle: option.subTitle };
  if (option.source === 'signal') return { ...named, signalId: option.key };
  if (option.source === 'mvar') return { ...named, mvarId: option.key };
  return { ...named, systemKey: option.key };
}

/** The option a binding points at, as the picker's value; empty for an unbound binding. */
export function bindingOptionValue(binding: DataBinding): string {
  if (binding.signalId) return `signal:${binding.signalId}`;
  if (binding.mvarId) return `mvar:${binding.mvarId}`;
  if (binding.systemKey) return `system:${binding.systemKey}`;
  return '';
}

/** The variable key a write to this binding goes to; null for system keys and empty bindings. */
export function writeKeyOf(binding: DataBinding): string | null {
  return binding.signalId || binding.mvarId || null;
}

/** What the rebind rule (§4) checks bindings against: every variable by key and title. */
export function toRebindCatalogue(variables: readonly CatalogueVariable[]): RebindCatalogue {
  return {
    signals: variables.map((variable) => ({ signalId: variable.key, equipId: '', title: variable.name })),
  };
}

/** Unit, decimals and state texts of the variable a binding reads. */
export function createSignalDescriber(variables: readonly CatalogueVariable[]) {
  const byKey = new Map(variables.map((variable) => [variable.key, variable]));
  return (binding: DataBinding): SignalInfo | undefined => {
    const variable = byKey.get(binding.signalId || binding.mvarId);
    if (!variable) return undefined;
    return {
      unit: variable.unit,
      decimals: variable.decimals,
      stateMapping: variable.stateMapping,
      dataType: variable.dataType,
    };
  };
}
