/**
 * The device list as sheets: binding many devices from an import sheet (one result per row, each
 * row bound exactly as one device is bound, with the same checks and attempt limits), the empty
 * template, the list exported with the filters the screen shows, and unbinding several devices.
 */
import type { z } from 'zod';
import { CatalogueError, translateError, type SheetFormat } from '@lyyp/contracts';
import { DeviceAddRequestSchema } from '@lyyp/contracts';
import {
  DEVICE_EXPORT_MAX_ROWS,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_ROWS,
  type DeviceImportAnswer,
  type DeviceImportRow,
} from '@lyyp/contracts/fleet';
import type { DeviceAccess } from '../device/device-access.ts';
import type { DeviceFilter, DeviceRepository, DeviceRow } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { viewerOf, type Caller } from '../device/viewer.ts';
import type { DeviceEventRecorder } from '../equipment-admin/device-events.ts';
import { catalogueErrorOfIssue, dottedPath } from '../product/model-validation.ts';
import { readSheet, writeSheet, type SheetRow } from '../product/spreadsheet.ts';

export interface DeviceSheetDeps {
  devices: DeviceRepository;
  deviceService: DeviceService;
  access: DeviceAccess;
  events: DeviceEventRecorder;
}

const STATUS_TEXT = {
  online: { zh: '在线', en: 'Online' },
  offline: { zh: '离线', en: 'Offline' },
  dormant: { zh: '休眠', en: 'Dormant' },
  'power-off': { zh: '断电', en: 'Power off' },
} as const;

const EXPORT_HEADERS = {
  zh: ['设备名称', '网关SN', '产品', '分组', '排序号', '状态', '分享', '地址', '备注', '最后在线'],
  en: [
    'Device',
    'Gateway SN',
    'Product',
    'Group',
    'Sort number',
    'Status',
    'Shared',
    'Address',
    'Remark',
    'Last seen',
  ],
};

/** A sort number cell: a positive whole number as digits (a spreadsheet may write "12.0"). */
function readSortNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new CatalogueError('2827', { field: 'sortNumber' });
  return value;
}

export class DeviceSheetService {
  constructor(private readonly deps: DeviceSheetDeps) {}

  /** The empty import sheet: the header row in the caller's language. */
  async template(caller: Caller, format: SheetFormat): Promise<{ name: string; bytes: Buffer }> {
    const en = caller.locale === 'en-US';
    const headers = DEVICE_IMPORT_COLUMNS.map((column) => (en ? column.en : column.zh));
    const bytes = await writeSheet(format, en ? 'Devices' : '设备', headers, []);
    return { name: `${en ? 'device-import' : '设备导入模板'}.${format}`, bytes };
  }

  /**
   * Binds a device for each row, in order. A row that breaks a rule, repeats an SN of the file or
   * is refused by binding is reported with the catalogue's reason; the others are bound. A file
   * that cannot be read, lacks a required column or has no rows changes nothing.
   */
  async importSheet(caller: Caller, bytes: Buffer, productId: string): Promise<DeviceImportAnswer> {
    const rows = await readSheet(
      bytes,
      DEVICE_IMPORT_COLUMNS,
      DEVICE_IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.field),
    );
    if (rows.length === 0) throw new CatalogueError('2824', { field: 'file' });
    if (rows.length > DEVICE_IMPORT_MAX_ROWS)
      throw new CatalogueError('2825', { field: 'file', max: DEVICE_IMPORT_MAX_ROWS });
    const seen = new Set<string>();
    const results: DeviceImportRow[] = [];
    for (const row of rows) {
      const sn = row.values.sn ?? '';
      try {
        if (seen.has(sn)) throw new CatalogueError('2826', { sn, field: 'sn' });
        seen.add(sn);
        const device = await this.deps.deviceService.bind(caller, this.bindRequestOf(row, productId));
        results.push({
          row: row.row,
          sn,
          status: 'bound',
          deviceId: device.id,
          code: null,
          message: null,
          field: null,
        });
      } catch (error) {
        if (!(error instanceof CatalogueError)) throw error;
        results.push({
          row: row.row,
          sn,
          status: 'refused',
          deviceId: null,
          code: error.code,
          message: translateError(error.code, caller.locale, error.params),
          field: typeof error.params?.field === 'string' ? error.params.field : null,
        });
      }
    }
    const bound = results.filter((result) => result.status === 'bound').length;
    return { bound, refused: results.length - bound, rows: results };
  }

  /** A row as the bind request: the same schema, so the same §5 rules, as binding one device. */
  private bindRequestOf(row: SheetRow, productId: string): z.output<typeof DeviceAddRequestSchema> {
    const { sortNumber, ...values } = row.values;
    const parsed = DeviceAddRequestSchema.safeParse({
      ...values,
      productId,
      sortNumber: readSortNumber(sortNumber),
    });
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw catalogueErrorOfIssue(
      {
        message: issue.message,
        path: issue.path.map(String),
        params: (issue as { params?: Record<string, unknown> }).params,
      },
      (parts) => dottedPath(parts) || 'row',
    );
  }

  /** The devices the list shows with these filters, as a sheet in the caller's language. */
  async exportSheet(
    caller: Caller,
    filter: DeviceFilter,
    format: SheetFormat,
  ): Promise<{ name: string; bytes: Buffer }> {
    const { rows } = await this.deps.devices.page(viewerOf(caller.account), filter, {
      page: 1,
      pageSize: DEVICE_EXPORT_MAX_ROWS,
    });
    const language = caller.locale === 'en-US' ? 'en' : 'zh';
    const yes = language === 'en' ? 'Yes' : '是';
    const bytes = await writeSheet(
      format,
      language === 'en' ? 'Devices' : '设备',
      EXPORT_HEADERS[language],
      rows.map((row) => [
        row.device.name,
        row.device.gatewaySn,
        row.productTitle,
        row.device.groupName,
        row.device.sortNumber,
        STATUS_TEXT[row.gatewayStatus][language],
        row.shared || row.accessKind === 'shared' ? yes : '',
        row.device.address,
        row.device.remark,
        row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : '',
      ]),
    );
    return { name: `${language === 'en' ? 'devices' : '设备列表'}.${format}`, bytes };
  }

  /** Unbinds every named device, after checking that the caller may unbind each (nothing changes otherwise). */
  async unbindMany(caller: Caller, ids: readonly string[]): Promise<{ unbound: number }> {
    const checked: DeviceRow[] = [];
    for (const id of new Set(ids)) {
      const device = await this.deps.access.requireVisibleDevice(caller.account, id);
      await this.deps.access.authorize(caller.account, 'device.unbind', device);
      checked.push(device);
    }
    for (const device of checked)
      await this.deps.events.actingAs(caller.account.id, () =>
        this.deps.deviceService.unbind(caller, device.id),
      );
    return { unbound: checked.length };
  }
}
