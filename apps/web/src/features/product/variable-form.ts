/**
 * The variable form (§3 variable fields) and the model it edits: which inputs apply to the variable
 * as it stands (a bit index only for a bit in a 16-bit register, string length only for strings,
 * scaling only for numbers, write settings only for writable variables, register placement only
 * for device variables), and the conversion between form values and the API's variable. Inputs
 * that do not apply are left out of what is checked and sent, so a value typed before the data
 * type changed cannot block saving.
 */
import {
  ADDRESS_TYPE_DEFINITIONS,
  DATA_TYPE_DEFINITIONS,
  PROTOCOL_FAMILY,
  REGISTER_TYPE_DEFINITIONS,
  addressTypesOf,
  isComputedKind,
  type AddressType,
  type CollectionMode,
  type DataType,
  type Driver,
  type ReadWriteType,
  type RegisterType,
  type Variable,
  type VariableInput,
  type VariableKind,
} from '@lyyp/contracts/device-model';

export interface StateMappingRow {
  value?: number | null;
  text?: string;
}

export interface VariableFormValues {
  key?: string;
  name?: string;
  kind?: VariableKind;
  driverKey?: string;
  registerType?: RegisterType;
  addressType?: AddressType;
  address?: string;
  dataType?: DataType;
  bitIndex?: number | null;
  stringLength?: number | null;
  readWrite?: ReadWriteType;
  unit?: string;
  decimals?: number | null;
  deadZone?: number | null;
  collectionFormula?: string;
  writeFormula?: string;
  formula?: string;
  collectionLowerLimit?: number | null;
  collectionUpperLimit?: number | null;
  writeLowerLimit?: number | null;
  writeUpperLimit?: number | null;
  stateMapping?: StateMappingRow[];
  collectionMode?: CollectionMode;
  writePermission?: boolean;
  samplingIntervalMs?: number | null;
}

/** The address notation a variable of the driver uses by default (OPC UA: NodeId, S7: S7 address). */
export function defaultAddressType(driver: Driver | undefined): AddressType {
  return driver ? (addressTypesOf(PROTOCOL_FAMILY[driver.protocol])[0] ?? 'decimal') : 'decimal';
}

/** The notations a variable of the driver may use. */
export function listAddressTypes(driver: Driver | undefined): AddressType[] {
  return addressTypesOf(driver ? PROTOCOL_FAMILY[driver.protocol] : 'modbus');
}

export type VariableField = keyof VariableFormValues;

/** Inputs every variable has. */
const ALWAYS: readonly VariableField[] = ['key', 'name', 'kind', 'dataType', 'readWrite'];

/** The inputs that apply to the variable as the form holds it now. */
export function listRelevantFields(values: VariableFormValues): Set<VariableField> {
  const fields = new Set<VariableField>(ALWAYS);
  const device = (values.kind ?? 'device') === 'device';
  const type = values.dataType ? DATA_TYPE_DEFINITIONS[values.dataType] : null;
  const table = device && values.registerType ? REGISTER_TYPE_DEFINITIONS[values.registerType] : null;
  const family = ADDRESS_TYPE_DEFINITIONS[values.addressType ?? 'decimal'].family;
  if (device) {
    for (const field of ['driverKey', 'addressType', 'address', 'collectionMode'] as const) fields.add(field);
    // OPC UA and S7 addresses name the place themselves: no Modbus table.
    if (family === 'modbus') fields.add('registerType');
    if (family === 'opcua') fields.add('samplingIntervalMs');
  }
  if (values.kind !== undefined && isComputedKind(values.kind)) fields.add('formula');
  if (type?.id === 'boolean' && table?.unit === 'word') fields.add('bitIndex');
  if (type?.id === 'string') fields.add('stringLength');
  const numeric = type?.numeric ?? true;
  if (numeric) {
    for (const field of [
      'unit',
      'decimals',
      'deadZone',
      'collectionFormula',
      'collectionLowerLimit',
      'collectionUpperLimit',
      'stateMapping',
    ] as const)
      fields.add(field);
  }
  if ((values.readWrite ?? 'read-only') !== 'read-only') {
    fields.add('writePermission');
    if (numeric)
      for (const field of ['writeFormula', 'writeLowerLimit', 'writeUpperLimit'] as const) fields.add(field);
  }
  return fields;
}

/** Data types the chosen register table can hold (every type for variables outside registers). */
export function listDataTypes(values: VariableFormValues): DataType[] {
  const modbus = ADDRESS_TYPE_DEFINITIONS[values.addressType ?? 'decimal'].family === 'modbus';
  const registerType = (values.kind ?? 'device') === 'device' && modbus ? values.registerType : undefined;
  return Object.values(DATA_TYPE_DEFINITIONS)
    .filter((definition) => !registerType || definition.registerTypes.includes(registerType))
    .map((definition) => definition.id);
}

/** Read-only tables (discrete inputs, input registers) allow no write. */
export function isWritableTable(values: VariableFormValues): boolean {
  if ((values.kind ?? 'device') !== 'device' || !values.registerType) return true;
  if (ADDRESS_TYPE_DEFINITIONS[values.addressType ?? 'decimal'].family !== 'modbus') return true;
  return REGISTER_TYPE_DEFINITIONS[values.registerType].write !== null;
}

const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
const number = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** What the API receives for the form as it stands: inputs that do not apply are left out. */
export function toVariableInput(values: VariableFormValues): VariableInput {
  const relevant = listRelevantFields(values);
  const pick = <T>(field: VariableField, value: T): T | undefined =>
    relevant.has(field) ? value : undefined;
  const input: Record<string, unknown> = {
    key: values.key?.trim() ?? '',
    name: values.name ?? '',
    kind: values.kind,
    driverKey: pick('driverKey', text(values.driverKey)),
    registerType: pick('registerType', values.registerType),
    addressType: pick('addressType', values.addressType),
    address: pick('address', text(values.address)),
    dataType: values.dataType,
    bitIndex: pick('bitIndex', number(values.bitIndex)),
    stringLength: pick('stringLength', number(values.stringLength)),
    readWrite: values.readWrite,
    unit: pick('unit', values.unit ?? ''),
    decimals: pick('decimals', number(values.decimals)),
    deadZone: pick('deadZone', number(values.deadZone)),
    collectionFormula: pick('collectionFormula', text(values.collectionFormula)),
    writeFormula: pick('writeFormula', text(values.writeFormula)),
    formula: pick('formula', text(values.formula)),
    collectionLowerLimit: pick('collectionLowerLimit', number(values.collectionLowerLimit)),
    collectionUpperLimit: pick('collectionUpperLimit', number(values.collectionUpperLimit)),
    writeLowerLimit: pick('writeLowerLimit', number(values.writeLowerLimit)),
    writeUpperLimit: pick('writeUpperLimit', number(values.writeUpperLimit)),
    stateMapping: pick(
      'stateMapping',
      (values.stateMapping ?? []).map((row) => ({ value: row.value ?? undefined, text: row.text ?? '' })),
    ),
    collectionMode: pick('collectionMode', values.collectionMode),
    writePermission: pick('writePermission', values.writePermission),
    samplingIntervalMs: pick('samplingIntervalMs', number(values.samplingIntervalMs)),
  };
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as VariableInput;
}

export function toFormValues(variable: Variable): VariableFormValues {
  return { ...variable, stateMapping: variable.stateMapping.map((entry) => ({ ...entry })) };
}

/** A new variable: a read-only 16-bit holding register of the first driver, polled periodically. */
export function createVariableValues(drivers: readonly Driver[]): VariableFormValues {
  return {
    kind: 'device',
    driverKey: drivers[0]?.key,
    registerType: 'holding-register',
    addressType: defaultAddressType(drivers[0]),
    dataType: 'short',
    readWrite: 'read-only',
    unit: '',
    decimals: 0,
    deadZone: 0,
    collectionMode: 'periodic',
    writePermission: true,
    stateMapping: [],
  };
}
