/**
 * A variable (§3) and the §5 rules on it: formulas at most 200 characters and never blank, upper
 * limits above lower limits, at most 100 state mapping entries with unique values and real text,
 * a register address the notation accepts, a data type the register table can hold.
 */
import { z } from 'zod';
import { FORMULA_MAX_LENGTH } from '../formula/index.ts';
import { NAME_MAX_LENGTH, characterCount } from '../validation/index.ts';
import { ADDRESS_TYPES, ADDRESS_TYPE_DEFINITIONS, parseRegisterAddress } from './address.ts';
import { DATA_TYPES, DATA_TYPE_DEFINITIONS } from './data-types.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  boundedNumber,
  enumField,
  identifier,
  optionalText,
  requiredText,
} from './issues.ts';
import { isNodeId } from './opcua.ts';
import { MAX_REGISTER_ADDRESS, REGISTER_TYPES, REGISTER_TYPE_DEFINITIONS } from './register-types.ts';
import { parseS7Address, s7AddressHolds } from './s7-address.ts';

/** Bounds of an OPC UA monitored item's sampling interval. */
export const SAMPLING_INTERVAL_MIN_MS = 50;
export const SAMPLING_INTERVAL_MAX_MS = 86_400_000;

/** §3 variable type: read from a device, computed, kept by the gateway, or aggregated. */
export const VARIABLE_KINDS = ['device', 'intermediate', 'internal', 'summary'] as const;
export type VariableKind = (typeof VARIABLE_KINDS)[number];

/**
 * Kinds computed by the edge agent from other variables with `formula`, after every poll cycle:
 * intermediate from this cycle's values, summary also from its own previous value (accumulating).
 */
export const COMPUTED_VARIABLE_KINDS = ['intermediate', 'summary'] as const satisfies readonly VariableKind[];
/** Kinds whose value the gateway keeps across restarts (internal: set by scripts and writes). */
export const KEPT_VARIABLE_KINDS = ['internal', 'summary'] as const satisfies readonly VariableKind[];

export function isComputedKind(kind: VariableKind): boolean {
  return (COMPUTED_VARIABLE_KINDS as readonly VariableKind[]).includes(kind);
}

export const READ_WRITE_TYPES = ['read-only', 'read-write', 'write-only'] as const;
export type ReadWriteType = (typeof READ_WRITE_TYPES)[number];

/** Periodic variables are polled every interval; on-demand ones only when asked for. */
export const COLLECTION_MODES = ['periodic', 'on-demand'] as const;
export type CollectionMode = (typeof COLLECTION_MODES)[number];

export const STATE_MAPPING_MAX_ENTRIES = 100;
export const STATE_TEXT_MAX_LENGTH = 32;
export const DECIMALS_MAX = 6;
export const UNIT_MAX_LENGTH = 16;
export const BIT_INDEX_MAX = 15;
/** A string may fill one full read request: 125 registers of 2 bytes. */
export const STRING_LENGTH_MAX = REGISTER_TYPE_DEFINITIONS['holding-register'].maxReadCount * 2;

/** A formula as typed: never blank, at most 200 characters (§5). Its syntax is checked by the formula engine. */
export function formulaText(field: string) {
  return z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (!value.trim()) addCatalogueIssue(context, '1001', { field });
    else if (characterCount(value) > FORMULA_MAX_LENGTH)
      addCatalogueIssue(context, '1137', { field, max: FORMULA_MAX_LENGTH });
  });
}

export const stateMappingEntrySchema = z.object({
  value: z.number({ error: INVALID_FIELD_MESSAGE }),
  text: requiredText('stateMapping.text', STATE_TEXT_MAX_LENGTH),
});
export type StateMappingEntry = z.infer<typeof stateMappingEntrySchema>;

/** At most 100 entries, each value once (§5). */
export const stateMappingSchema = z.array(stateMappingEntrySchema).superRefine((entries, context) => {
  if (entries.length > STATE_MAPPING_MAX_ENTRIES) {
    addCatalogueIssue(context, '1002', { field: 'stateMapping', max: STATE_MAPPING_MAX_ENTRIES });
  }
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.value))
      addCatalogueIssue(context, '1002', { field: 'stateMapping.value' }, [index, 'value']);
    seen.add(entry.value);
  });
});

const limit = () => z.number({ error: INVALID_FIELD_MESSAGE }).optional();

export const variableFields = z.object({
  key: identifier('key').describe(
    'Identifier of the variable within the product, used in formulas, uploads and the API: a letter or underscore, then letters, digits or underscores; at most 50 characters.',
  ),
  name: requiredText('name', NAME_MAX_LENGTH).describe(
    `Name shown to people; 1-${NAME_MAX_LENGTH} characters, no emoji.`,
  ),
  kind: enumField(VARIABLE_KINDS)
    .default('device')
    .describe(
      'device: read from a slave (needs driverKey, registerType, address); intermediate: computed; internal: kept by the gateway; summary: aggregated.',
    ),
  /** Key of the product driver (slave) a device variable is read through. */
  driverKey: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .optional()
    .describe(
      'Key of the driver (slave) a device variable is read through; its byte orders and timing apply.',
    ),
  registerType: enumField(REGISTER_TYPES)
    .optional()
    .describe(
      'Modbus table: coil (0x, read 01, write 05/15), discrete-input (1x, read 02, read-only), input-register (3x, read 04, read-only), holding-register (4x, read 03, write 06/16).',
    ),
  addressType: enumField(ADDRESS_TYPES)
    .default('decimal')
    .describe(
      "How address is written: decimal = 0-based protocol address 0-65535; hex = the same in hexadecimal (0x0064); plc = 1-based with the table digit in front, 5 or 6 digits (40001 = holding register 0); node-id = an OPC UA NodeId (ns=2;s=Line1.Temp) for OPC UA drivers; s7 = a Siemens address (DB1.DBW4, M10.1, DB1.S10.20) for S7 drivers. The notation must belong to the driver's protocol.",
    ),
  address: z
    .string({ error: INVALID_FIELD_MESSAGE })
    .optional()
    .describe(
      'Register (or bit) address as typed, in the notation of addressType; the last register the value spans must not pass 65535 (99904).',
    ),
  dataType: enumField(DATA_TYPES).describe(
    'boolean (a bit), unbyte/byte (8-bit), unshort/short (16-bit), unint/int (32-bit), float (32-bit IEEE), double (64-bit IEEE), long (64-bit integer, exact up to 2^53), string (stringLength bytes). Numbers live in input or holding registers only.',
  ),
  /** Bit of the register a boolean lives in, for booleans in input or holding registers. */
  bitIndex: boundedNumber('bitIndex', { min: 0, max: BIT_INDEX_MAX, integer: true })
    .optional()
    .describe(
      `Bit of the register a boolean lives in, 0 (least significant)-${BIT_INDEX_MAX}; required for a boolean in an input or holding register, refused in a bit table. Writing it is read-modify-write.`,
    ),
  /** Bytes a string occupies (two per register). */
  stringLength: boundedNumber('stringLength', { min: 1, max: STRING_LENGTH_MAX, integer: true })
    .optional()
    .describe(
      `Length of a string in bytes (UTF-8), 1-${STRING_LENGTH_MAX}, two per register in byteOrder16; NUL-padded. Required for strings.`,
    ),
  samplingIntervalMs: boundedNumber('samplingIntervalMs', {
    min: SAMPLING_INTERVAL_MIN_MS,
    max: SAMPLING_INTERVAL_MAX_MS,
    integer: true,
  })
    .optional()
    .describe(
      `OPC UA: how often the server samples the node for its monitored item, ${SAMPLING_INTERVAL_MIN_MS}-${SAMPLING_INTERVAL_MAX_MS} ms; the driver's poll interval when left out.`,
    ),
  readWrite: enumField(READ_WRITE_TYPES)
    .default('read-only')
    .describe(
      'read-only, read-write (a write is confirmed by reading the registers back), or write-only (confirmed by the slave acknowledging it). Input registers and discrete inputs are read-only.',
    ),
  unit: optionalText('unit', UNIT_MAX_LENGTH)
    .default('')
    .describe(`Unit shown after the value, at most ${UNIT_MAX_LENGTH} characters.`),
  decimals: boundedNumber('decimals', { min: 0, max: DECIMALS_MAX, integer: true })
    .default(0)
    .describe(
      `Decimal places the value is rounded to (half away from zero) after the collection formula, 0-${DECIMALS_MAX}.`,
    ),
  /** A new value is reported only when it moved more than this from the last reported one. */
  deadZone: boundedNumber('deadZone', { min: 0 })
    .default(0)
    .describe(
      'A new value is reported only when it moved more than this from the last reported one (state text, limit flag and faults are always reported when they change).',
    ),
  /** Raw register value → shown value, in terms of `x` (e.g. `x / 10`). */
  collectionFormula: formulaText('collectionFormula')
    .optional()
    .describe(
      `Raw register value to shown value, in terms of x (x / 10); at most ${FORMULA_MAX_LENGTH} characters, numbers only.`,
    ),
  /** Value to write → raw register value, in terms of `x` (e.g. `x * 10`). */
  writeFormula: formulaText('writeFormula')
    .optional()
    .describe(
      `Value to write to raw register value, in terms of x (x * 10); at most ${FORMULA_MAX_LENGTH} characters, numbers only.`,
    ),
  /** How an intermediate or summary variable is computed from other variables (by their keys). */
  formula: formulaText('formula')
    .optional()
    .describe(
      `Intermediate and summary variables: a formula over other variable keys (voltage * current); a summary may read its own key, its previous value (total + flow). At most ${FORMULA_MAX_LENGTH} characters; cycles are refused.`,
    ),
  collectionLowerLimit: limit().describe(
    'Values read below it are flagged "below" (still reported); in shown units.',
  ),
  collectionUpperLimit: limit().describe(
    'Values read above it are flagged "above" (still reported); must exceed the lower limit.',
  ),
  writeLowerLimit: limit().describe(
    'Smallest value that may be written, in shown units (before the write formula); below it is 2003.',
  ),
  writeUpperLimit: limit().describe(
    'Largest value that may be written, in shown units; must exceed the lower limit; above it is 2003.',
  ),
  stateMapping: stateMappingSchema
    .default([])
    .describe(
      `Texts shown for particular values (after rounding): at most ${STATE_MAPPING_MAX_ENTRIES} entries, each value once, text 1-${STATE_TEXT_MAX_LENGTH} characters.`,
    ),
  collectionMode: enumField(COLLECTION_MODES)
    .default('periodic')
    .describe('periodic: read every poll interval of its driver; on-demand: read only when asked for.'),
  /** Whether people may write this variable from the console at all. */
  writePermission: z
    .boolean({ error: INVALID_FIELD_MESSAGE })
    .default(true)
    .describe('Whether people may write this variable at all; false answers writes with 1202.'),
});

type VariableFields = z.infer<typeof variableFields>;
type IssueContext = Parameters<Parameters<typeof variableFields.superRefine>[0]>[1];

/** OPC UA and S7 variables: the address names the place, no Modbus table or bit index applies. */
function checkAddressPlacement(variable: VariableFields, context: IssueContext): void {
  const family = ADDRESS_TYPE_DEFINITIONS[variable.addressType].family;
  if (variable.registerType !== undefined)
    addCatalogueIssue(context, '1002', { field: 'registerType' }, ['registerType']);
  if (variable.bitIndex !== undefined)
    addCatalogueIssue(context, '1002', { field: 'bitIndex' }, ['bitIndex']);
  const address = variable.address?.trim();
  if (!address) return;
  if (family === 'opcua') {
    if (!isNodeId(address)) addCatalogueIssue(context, '99904', {}, ['address']);
    return;
  }
  const parsed = parseS7Address(address);
  if (!parsed) {
    addCatalogueIssue(context, '99904', {}, ['address']);
    return;
  }
  if (!s7AddressHolds(parsed, variable.dataType)) addCatalogueIssue(context, '1722', {}, ['dataType']);
  else if (parsed.width === 'string' && (variable.stringLength ?? 0) > parsed.stringLength)
    addCatalogueIssue(context, '1002', { field: 'stringLength' }, ['stringLength']);
  if (parsed.area === 'I' && variable.readWrite !== 'read-only')
    addCatalogueIssue(context, '99905', {}, ['readWrite']);
}

function checkRegisterPlacement(variable: VariableFields, context: IssueContext): void {
  const definition = DATA_TYPE_DEFINITIONS[variable.dataType];
  const modbus = ADDRESS_TYPE_DEFINITIONS[variable.addressType].family === 'modbus';
  if (variable.kind === 'device') {
    if (!variable.driverKey) addCatalogueIssue(context, '1001', { field: 'driverKey' }, ['driverKey']);
    if (modbus && !variable.registerType)
      addCatalogueIssue(context, '1001', { field: 'registerType' }, ['registerType']);
    if (!variable.address?.trim()) addCatalogueIssue(context, '99904', {}, ['address']);
  }
  if (isComputedKind(variable.kind) && variable.formula === undefined)
    addCatalogueIssue(context, '1001', { field: 'formula' }, ['formula']);
  if (!isComputedKind(variable.kind) && variable.formula !== undefined)
    addCatalogueIssue(context, '1002', { field: 'formula' }, ['formula']);
  // A formula gives a number or a boolean, never a text.
  if (variable.formula !== undefined && definition.id === 'string')
    addCatalogueIssue(context, '1722', {}, ['formula']);
  if (definition.id === 'string' && variable.stringLength === undefined) {
    addCatalogueIssue(context, '1001', { field: 'stringLength' }, ['stringLength']);
  }
  if (!modbus) {
    checkAddressPlacement(variable, context);
    return;
  }
  const registerType = variable.registerType;
  if (!registerType) return;
  const table = REGISTER_TYPE_DEFINITIONS[registerType];
  if (!definition.registerTypes.includes(registerType)) {
    addCatalogueIssue(context, '1722', {}, ['dataType']);
    return;
  }
  const bitInRegister = definition.id === 'boolean' && table.unit === 'word';
  if (bitInRegister && variable.bitIndex === undefined) {
    addCatalogueIssue(context, '1001', { field: 'bitIndex' }, ['bitIndex']);
  }
  if (!bitInRegister && variable.bitIndex !== undefined) {
    addCatalogueIssue(context, '1002', { field: 'bitIndex' }, ['bitIndex']);
  }
  if (!table.write && variable.readWrite !== 'read-only')
    addCatalogueIssue(context, '99905', {}, ['readWrite']);
  if (variable.address?.trim()) {
    const parsed = parseRegisterAddress(variable.address, variable.addressType, registerType);
    const last = parsed.ok ? parsed.offset + definition.registerCount(variable.stringLength) - 1 : Infinity;
    if (last > MAX_REGISTER_ADDRESS) addCatalogueIssue(context, '99904', {}, ['address']);
  }
}

function checkScaling(variable: VariableFields, context: IssueContext): void {
  const numeric = DATA_TYPE_DEFINITIONS[variable.dataType].numeric;
  const pairs = [
    ['collectionLowerLimit', 'collectionUpperLimit'],
    ['writeLowerLimit', 'writeUpperLimit'],
  ] as const;
  for (const [lowerField, upperField] of pairs) {
    const lower = variable[lowerField];
    const upper = variable[upperField];
    if (!numeric && (lower !== undefined || upper !== undefined))
      addCatalogueIssue(context, '1722', {}, [upperField]);
    else if (lower !== undefined && upper !== undefined && upper <= lower) {
      addCatalogueIssue(context, '1002', { field: upperField }, [upperField]);
    }
  }
  if (!numeric) {
    for (const field of ['collectionFormula', 'writeFormula'] as const) {
      if (variable[field] !== undefined) addCatalogueIssue(context, '1722', {}, [field]);
    }
    if (variable.stateMapping.length > 0) addCatalogueIssue(context, '1722', {}, ['stateMapping']);
  }
}

export const variableSchema = variableFields.superRefine((variable, context) => {
  checkRegisterPlacement(variable, context);
  checkScaling(variable, context);
});

export type Variable = z.infer<typeof variableSchema>;
export type VariableInput = z.input<typeof variableSchema>;
