/**
 * Variables as a spreadsheet: one column per §3 field, a header row in Chinese or English, and
 * enumerations written as their codes but also read from their Chinese or English labels. Rows are
 * turned into variable objects here and checked as a model by the caller, so every §5 rule applies.
 */
import { CatalogueError, type Locale } from '@lyyp/contracts';
import {
  ADDRESS_TYPE_DEFINITIONS,
  DATA_TYPE_DEFINITIONS,
  REGISTER_TYPE_DEFINITIONS,
  variableFields,
  type Variable,
} from '@lyyp/contracts/device-model';
import { coerceFormValue } from './form-coercion.ts';
import {
  readSheet,
  writeSheet,
  type CellValue,
  type SheetColumn,
  type SheetFormat,
  type SheetRow,
} from './spreadsheet.ts';

type Labels = Readonly<Record<string, { readonly zh: string; readonly en: string }>>;

const labelsOf = (definitions: Readonly<Record<string, { label: { zh: string; en: string } }>>): Labels =>
  Object.fromEntries(Object.entries(definitions).map(([id, definition]) => [id, definition.label]));

/** Labels of the enumerations contracts define without one. */
const READ_WRITE_LABELS: Labels = {
  'read-only': { zh: '只读', en: 'Read only' },
  'read-write': { zh: '读写', en: 'Read and write' },
  'write-only': { zh: '只写', en: 'Write only' },
};
const COLLECTION_MODE_LABELS: Labels = {
  periodic: { zh: '周期采集', en: 'Periodic' },
  'on-demand': { zh: '按需采集', en: 'On demand' },
};
const KIND_LABELS: Labels = {
  device: { zh: '设备变量', en: 'Device' },
  intermediate: { zh: '中间变量', en: 'Intermediate' },
  internal: { zh: '内部变量', en: 'Internal' },
  summary: { zh: '统计变量', en: 'Summary' },
};
const YES_NO: Labels = { true: { zh: '是', en: 'Yes' }, false: { zh: '否', en: 'No' } };

interface VariableColumn extends SheetColumn {
  readonly field: keyof Variable;
  /** Values written as codes and also read from these labels. */
  readonly labels?: Labels;
}

/** Every field of a variable, in the order of §3. */
export const VARIABLE_COLUMNS: readonly VariableColumn[] = [
  { field: 'name', zh: '名称', en: 'Name' },
  { field: 'key', zh: '标识符', en: 'Key' },
  { field: 'driverKey', zh: '驱动', en: 'Driver' },
  { field: 'address', zh: '寄存器地址', en: 'Register address' },
  {
    field: 'registerType',
    zh: '寄存器类型',
    en: 'Register type',
    labels: labelsOf(REGISTER_TYPE_DEFINITIONS),
  },
  { field: 'addressType', zh: '地址类型', en: 'Address type', labels: labelsOf(ADDRESS_TYPE_DEFINITIONS) },
  { field: 'dataType', zh: '数据类型', en: 'Data type', labels: labelsOf(DATA_TYPE_DEFINITIONS) },
  { field: 'bitIndex', zh: '位索引', en: 'Bit index' },
  { field: 'readWrite', zh: '读写类型', en: 'Read/write type', labels: READ_WRITE_LABELS },
  { field: 'unit', zh: '单位', en: 'Unit' },
  { field: 'decimals', zh: '小数位数', en: 'Decimal places' },
  { field: 'deadZone', zh: '死区', en: 'Dead zone' },
  { field: 'collectionFormula', zh: '采集公式', en: 'Collection formula' },
  { field: 'writeFormula', zh: '写入公式', en: 'Write formula' },
  { field: 'formula', zh: '计算公式', en: 'Computing formula' },
  { field: 'collectionUpperLimit', zh: '采集上限', en: 'Collection upper limit' },
  { field: 'collectionLowerLimit', zh: '采集下限', en: 'Collection lower limit' },
  { field: 'writeUpperLimit', zh: '写入上限', en: 'Write upper limit' },
  { field: 'writeLowerLimit', zh: '写入下限', en: 'Write lower limit' },
  { field: 'stringLength', zh: '字符串长度', en: 'String length' },
  { field: 'stateMapping', zh: '状态映射', en: 'State mapping' },
  { field: 'collectionMode', zh: '采集方式', en: 'Collection mode', labels: COLLECTION_MODE_LABELS },
  { field: 'writePermission', zh: '写入权限', en: 'Write permission', labels: YES_NO },
  { field: 'kind', zh: '类型', en: 'Type', labels: KIND_LABELS },
];

const REQUIRED_COLUMNS = ['key', 'name', 'dataType'];

/** State mappings in one cell: `0=停止;1=运行` (a `;` or a line break between entries). */
const MAPPING_SEPARATOR = /[;；\n]/;

export function formatStateMapping(entries: Variable['stateMapping']): string {
  return entries.map((entry) => `${entry.value}=${entry.text}`).join(';');
}

function parseStateMapping(text: string, row: number): Array<{ value: unknown; text: string }> {
  return text
    .split(MAPPING_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const equals = part.search(/[=＝]/);
      if (equals <= 0) throw new CatalogueError('1002', { field: `rows.${row}.stateMapping` });
      return { value: part.slice(0, equals).trim(), text: part.slice(equals + 1).trim() };
    });
}

function cellOf(column: VariableColumn, variable: Variable): CellValue {
  const value = variable[column.field];
  if (column.field === 'stateMapping') return formatStateMapping(variable.stateMapping);
  if (value === undefined) return null;
  if (typeof value === 'boolean') return String(value);
  return value as CellValue;
}

function codeOfLabel(column: VariableColumn, text: string): string {
  if (!column.labels) return text;
  const wanted = text.trim().toLowerCase();
  for (const [code, label] of Object.entries(column.labels)) {
    if ([code, label.zh, label.en].some((name) => name.toLowerCase() === wanted)) return code;
  }
  return text;
}

/** One row as a variable object with types as the schema expects; the model check does the rest. */
function variableOfRow(row: SheetRow): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const column of VARIABLE_COLUMNS) {
    const text = row.values[column.field];
    if (text === undefined) continue;
    raw[column.field] =
      column.field === 'stateMapping' ? parseStateMapping(text, row.row) : codeOfLabel(column, text);
  }
  return coerceFormValue(variableFields, raw) as Record<string, unknown>;
}

export interface ImportedVariables {
  variables: Array<Record<string, unknown>>;
  rows: number[];
}

export async function readVariableSheet(bytes: Buffer): Promise<ImportedVariables> {
  const rows = await readSheet(bytes, VARIABLE_COLUMNS, REQUIRED_COLUMNS);
  if (rows.length === 0) throw new CatalogueError('1001', { field: 'file' });
  return { variables: rows.map(variableOfRow), rows: rows.map((row) => row.row) };
}

export async function writeVariableSheet(
  variables: readonly Variable[],
  format: SheetFormat,
  locale: Locale,
): Promise<Buffer> {
  const headers = VARIABLE_COLUMNS.map((column) => (locale === 'en-US' ? column.en : column.zh));
  const rows = variables.map((variable) => VARIABLE_COLUMNS.map((column) => cellOf(column, variable)));
  return writeSheet(format, locale === 'en-US' ? 'Variables' : '变量', headers, rows);
}

/**
 * The variable list after an import: `merge` replaces variables with the same key and appends the
 * others, `replace` keeps only the imported ones. `rowOf` tells which sheet row each index came from.
 */
export function mergeImportedVariables(
  current: readonly Variable[],
  imported: ImportedVariables,
  mode: 'merge' | 'replace',
) {
  const rowByIndex = new Map<number, number>();
  const variables: unknown[] = mode === 'replace' ? [] : [...current];
  imported.variables.forEach((variable, position) => {
    const existing =
      mode === 'merge' ? variables.findIndex((item) => (item as { key?: unknown }).key === variable.key) : -1;
    // A key repeated within the sheet is appended again, so the model check names its row.
    const index = existing >= 0 && !rowByIndex.has(existing) ? existing : variables.length;
    variables[index] = variable;
    rowByIndex.set(index, imported.rows[position]!);
  });
  return { variables, rowOf: (index: number) => rowByIndex.get(index) };
}
