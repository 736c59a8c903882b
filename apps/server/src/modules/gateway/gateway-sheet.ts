/**
 * Gateways as a spreadsheet (XLSX or CSV). Import reads sn, verificationCode and optionally secret,
 * hardwareModel, firmware and remark; export writes those (credentials only for operation staff)
 * plus what the list shows, so an exported file imports again.
 */
import {
  CatalogueError,
  REMARK_MAX_LENGTH,
  firstViolation,
  maxLengthCheck,
  type Locale,
  type RuleViolation,
} from '@lyyp/contracts';
import {
  readSheet,
  writeSheet,
  type CellValue,
  type SheetColumn,
  type SheetFormat,
} from '../product/spreadsheet.ts';
import type { GatewayListRow } from './gateway.repository.ts';
import {
  FIRMWARE_MAX_LENGTH,
  GATEWAY_BATCH_MAX,
  HARDWARE_MODEL_MAX_LENGTH,
  checkGatewayCode,
  checkGatewaySecret,
  checkSn,
} from '@lyyp/contracts/gateway';

export interface ImportedGateway {
  row: number;
  sn: string;
  verificationCode: string;
  secret?: string | undefined;
  hardwareModel?: string | undefined;
  firmware?: string | undefined;
  remark?: string | undefined;
}

interface GatewayColumn extends SheetColumn {
  readonly field: keyof Omit<ImportedGateway, 'row'>;
  readonly check?: (value: string) => RuleViolation | null;
}

export const GATEWAY_IMPORT_COLUMNS: readonly GatewayColumn[] = [
  { field: 'sn', zh: 'SN', en: 'SN', check: checkSn },
  { field: 'verificationCode', zh: '验证码', en: 'Verification code', check: checkGatewayCode },
  { field: 'secret', zh: '密钥', en: 'Secret', check: checkGatewaySecret },
  {
    field: 'hardwareModel',
    zh: '硬件型号',
    en: 'Hardware model',
    check: maxLengthCheck('hardwareModel', HARDWARE_MODEL_MAX_LENGTH),
  },
  { field: 'firmware', zh: '固件', en: 'Firmware', check: maxLengthCheck('firmware', FIRMWARE_MAX_LENGTH) },
  { field: 'remark', zh: '备注', en: 'Remark', check: maxLengthCheck('remark', REMARK_MAX_LENGTH) },
];

/** Columns an export adds for people; import ignores them. */
const INFORMATION_COLUMNS = [
  { zh: '状态', en: 'Status', value: (row: GatewayListRow) => row.status },
  { zh: '信号', en: 'Signal', value: (row: GatewayListRow) => row.signal },
  { zh: '所属用户', en: 'Owner', value: (row: GatewayListRow) => row.ownerName },
  { zh: '绑定设备', en: 'Device', value: (row: GatewayListRow) => row.deviceName },
] as const;

/**
 * Reads and checks every row; the first broken rule answers with its row (`rows.3.sn`), and so do
 * SNs repeated within the file. Nothing is stored here.
 */
export async function readGatewaySheet(bytes: Buffer): Promise<ImportedGateway[]> {
  const rows = await readSheet(bytes, GATEWAY_IMPORT_COLUMNS, ['sn', 'verificationCode']);
  if (rows.length === 0) throw new CatalogueError('1001', { field: 'file' });
  if (rows.length > GATEWAY_BATCH_MAX)
    throw new CatalogueError('1002', { field: 'file', max: GATEWAY_BATCH_MAX });
  const seen = new Set<string>();
  return rows.map(({ row, values }) => {
    for (const column of GATEWAY_IMPORT_COLUMNS) {
      const value = values[column.field];
      const required = column.field === 'sn' || column.field === 'verificationCode';
      if (value === undefined && !required) continue;
      const violation = column.check ? firstViolation(value ?? '', column.check) : null;
      if (violation)
        throw new CatalogueError(violation.code, {
          ...violation.params,
          field: `rows.${row}.${column.field}`,
        });
    }
    const sn = values.sn!;
    if (seen.has(sn)) throw new CatalogueError(DUPLICATE_SN_CODE, { field: `rows.${row}.sn` });
    seen.add(sn);
    return { row, ...(values as Omit<ImportedGateway, 'row'>) };
  });
}

/**
 * Code of "this SN already exists". The catalogue has no gateway-specific text yet; 1002 (invalid
 * parameter) names the field.
 */
export const DUPLICATE_SN_CODE = '1516';

export async function writeGatewaySheet(
  rows: readonly GatewayListRow[],
  secrets: ReadonlyMap<string, string> | null,
  format: SheetFormat,
  locale: Locale,
): Promise<Buffer> {
  const label = (column: { zh: string; en: string }) => (locale === 'en-US' ? column.en : column.zh);
  const withCredentials = secrets !== null;
  const columns = GATEWAY_IMPORT_COLUMNS.filter(
    (column) => withCredentials || (column.field !== 'verificationCode' && column.field !== 'secret'),
  );
  const headers = [...columns.map(label), ...INFORMATION_COLUMNS.map(label)];
  const cells = rows.map((row): CellValue[] => [
    ...columns.map((column): CellValue =>
      column.field === 'secret' ? (secrets?.get(row.sn) ?? null) : row[column.field],
    ),
    ...INFORMATION_COLUMNS.map((column) => column.value(row)),
  ]);
  return writeSheet(format, locale === 'en-US' ? 'Gateways' : '网关', headers, cells);
}
