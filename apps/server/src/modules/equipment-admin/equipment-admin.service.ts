/**
 * Staff device management (§6): every device the caller may see with filters and export, unbinding,
 * authorising a device to accounts and revoking, and the device log. Who may see which device is
 * the device access policy's: the list uses its SQL condition, single devices `requireVisibleDevice`.
 */
import type { ActionName } from '@lyyp/contracts/policy';
import { CatalogueError, checkQueryRange, type SheetFormat } from '@lyyp/contracts';
import {
  DEVICE_LOG_KINDS,
  EQUIPMENT_EXPORT_MAX_ROWS,
  type DeviceLogEntry,
  type DeviceLogKind,
  type DeviceLogPage,
  type EquipmentGrant,
  type EquipmentItem,
  type EquipmentPage,
} from '@lyyp/contracts/equipment-admin';
import { SIM_CARD_STATUSES } from '@lyyp/contracts/alarm';
import type { Bus } from '../../bus/bus.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { DeviceRepository } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { viewerOf, type Caller } from '../device/viewer.ts';
import { phoneShownTo } from '../../lib/phone-visibility.ts';
import { writeSheet } from '../product/spreadsheet.ts';
import type { DeviceEventRecorder } from './device-events.ts';
import type { EquipmentAdminRepository, EquipmentFilterInput, LogRow } from './equipment-admin.repository.ts';

export interface EquipmentAdminDeps {
  repository: EquipmentAdminRepository;
  access: DeviceAccess;
  devices: DeviceRepository;
  deviceService: DeviceService;
  accounts: AccountRepository;
  events: DeviceEventRecorder;
  /** Where a revocation is announced, so live subscriptions of the account end on every node. */
  bus?: Pick<Bus, 'publish'>;
  now: () => number;
}

interface PageInput {
  page: number;
  pageSize: number;
}

type PageRow = Awaited<ReturnType<EquipmentAdminRepository['page']>>['rows'][number];

/** A list row; the owner's phone as the caller may see it (masked unless staff managing accounts). */
function presentItem(row: PageRow, showPhone: ReturnType<typeof phoneShownTo>): EquipmentItem {
  const { device } = row;
  return {
    id: device.id,
    name: device.name,
    gatewaySn: device.gatewaySn,
    productId: device.productId,
    productTitle: row.productTitle,
    groupName: device.groupName,
    ownerAccountId: device.ownerAccountId,
    ownerName: row.ownerName ?? showPhone(row.ownerTel, device.ownerAccountId),
    ownerTel: showPhone(row.ownerTel, device.ownerAccountId),
    gatewayStatus: row.gatewayStatus,
    lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
    iccid: device.iccid,
    simState: row.simState,
    grantCount: Number(row.grantCount),
    createdAt: device.createdAt.toISOString(),
  };
}

/**
 * A device event's detail as a short, language-neutral text: the device's name at binding, the
 * configuration version, the signal with a status, the account of a grant ("rw" when it may write).
 */
export function describeEventDetail(kind: string, detail: Record<string, unknown> | null): string | null {
  if (!detail) return null;
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  switch (kind) {
    case 'bind':
      return text(detail.name) || null;
    case 'config-push':
    case 'config-sync':
      return detail.version === undefined ? null : `v${text(detail.version)}`;
    case 'status':
      return typeof detail.signal === 'number' ? `${detail.signal}%` : null;
    case 'authorize':
      return `${text(detail.account)}${detail.canWrite === true ? ' (rw)' : ''}`;
    case 'revoke':
    case 'share-revoke':
      return text(detail.account) || null;
    case 'share':
    case 'share-accept':
      return `${text(detail.method)}${detail.canWrite === true ? ' (rw)' : ''}`;
    case 'script-write':
      return text(detail.script) || null;
    default:
      return null;
  }
}

function parsedDetail(row: LogRow): string | null {
  if (row.kind === 'write' || row.detail === null) return row.detail;
  try {
    return describeEventDetail(row.kind, JSON.parse(row.detail) as Record<string, unknown>);
  } catch {
    return null;
  }
}

function presentLog(row: LogRow & { at: Date }): DeviceLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind as DeviceLogKind,
    actorName: row.actor_name,
    variable: row.variable,
    previous: row.previous ?? null,
    value: row.value ?? null,
    status: row.status,
    code: row.code,
    detail: parsedDetail(row),
  };
}

/** Times in exports: the caller's zone when it is a real one, else the platform's. */
function timeFormatter(timeZone: string | undefined): (value: string | null) => string {
  let zone = 'Asia/Shanghai';
  try {
    if (timeZone) zone = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    // an unknown zone falls back to the platform's
  }
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    dateStyle: 'short',
    timeStyle: 'medium',
    hour12: false,
  });
  return (value) => (value ? format.format(new Date(value)) : '');
}

export class EquipmentAdminService {
  constructor(private readonly deps: EquipmentAdminDeps) {}

  async list(caller: Caller, filter: EquipmentFilterInput, paging: PageInput): Promise<EquipmentPage> {
    const { rows, total } = await this.deps.repository.page(
      viewerOf(caller.account),
      filter,
      { offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize },
      new Date(this.deps.now()),
    );
    const showPhone = phoneShownTo(caller.account);
    return { list: rows.map((row) => presentItem(row, showPhone)), total, ...paging };
  }

  async export(
    caller: Caller,
    filter: EquipmentFilterInput,
    format: SheetFormat,
  ): Promise<{ name: string; bytes: Buffer }> {
    const { rows } = await this.deps.repository.page(
      viewerOf(caller.account),
      filter,
      { offset: 0, limit: EQUIPMENT_EXPORT_MAX_ROWS },
      new Date(this.deps.now()),
    );
    const en = caller.locale === 'en-US';
    const language = en ? 'en' : 'zh';
    const time = timeFormatter(undefined);
    const headers = en
      ? [
          'Device',
          'Gateway SN',
          'Product',
          'Group',
          'Owner',
          'Owner phone',
          'Status',
          'Last seen',
          'ICCID',
          'SIM',
          'Bound',
        ]
      : [
          '设备名称',
          '网关SN',
          '产品',
          '分组',
          '所有者',
          '所有者手机',
          '状态',
          '最后在线',
          'ICCID',
          'SIM 状态',
          '绑定时间',
        ];
    const showPhone = phoneShownTo(caller.account);
    const items = rows.map((row) => presentItem(row, showPhone));
    const bytes = await writeSheet(
      format,
      en ? 'Devices' : '设备',
      headers,
      items.map((item) => [
        item.name,
        item.gatewaySn,
        item.productTitle,
        item.groupName,
        item.ownerName,
        item.ownerTel,
        item.gatewayStatus,
        time(item.lastSeenAt),
        item.iccid,
        item.simState === 'none' ? '' : SIM_CARD_STATUSES[item.simState][language],
        time(item.createdAt),
      ]),
    );
    return { name: `${en ? 'devices' : '设备'}.${format}`, bytes };
  }

  /** Unbinds as the device service does (owner or staff), recording who did it. */
  async unbind(caller: Caller, id: string): Promise<void> {
    await this.deps.events.actingAs(caller.account.id, () => this.deps.deviceService.unbind(caller, id));
  }

  async grants(caller: Caller, id: string): Promise<EquipmentGrant[]> {
    await this.deps.access.authorize(
      caller.account,
      'device.grants',
      await this.deps.access.requireVisibleDevice(caller.account, id),
    );
    const rows = await this.deps.repository.grantsOf(id);
    const showPhone = phoneShownTo(caller.account);
    return rows.map((row) => ({
      ...row,
      tel: showPhone(row.tel, row.accountId),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Authorises a device to an account found by username or phone (§6); a second call updates it. */
  async authorize(caller: Caller, input: { id: string; account: string; canWrite: boolean }) {
    const device = await this.requireManaged(caller, input.id, 'device.grant');
    const target = await this.deps.accounts.findByLogin(input.account);
    if (!target) throw new CatalogueError('2263', { account: input.account, field: 'account' });
    if (target.id === device.ownerAccountId) throw new CatalogueError('2264', { field: 'account' });
    await this.deps.devices.grant({
      deviceId: device.id,
      accountId: target.id,
      kind: 'authorized',
      canWrite: input.canWrite,
    });
    await this.deps.events.grantChanged('authorize', device, caller.account.id, {
      account: target.username ?? target.tel ?? target.id,
      canWrite: input.canWrite,
    });
    return this.grants(caller, device.id);
  }

  /**
   * Revokes an account's access. Alarm pushes and SMS stop with it: the alarm dispatcher checks
   * device access at send time (§6).
   */
  async revoke(caller: Caller, input: { id: string; accountId: string }) {
    const device = await this.requireManaged(caller, input.id, 'device.grant');
    const target = await this.deps.accounts.findById(input.accountId);
    if (!(await this.deps.repository.revoke(device.id, input.accountId))) throw new CatalogueError('1003');
    this.deps.bus?.publish('accessRevoked', { deviceId: device.id, accountId: input.accountId });
    await this.deps.events.grantChanged('revoke', device, caller.account.id, {
      account: target?.username ?? target?.tel ?? input.accountId,
    });
    return this.grants(caller, device.id);
  }

  async log(
    caller: Caller,
    input: PageInput & { id: string; start: number; end: number; kind?: DeviceLogKind | undefined },
  ): Promise<DeviceLogPage> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, input.id);
    checkRange(input);
    const { rows, total } = await this.deps.repository.logPage(
      device,
      { start: new Date(input.start), end: new Date(input.end) },
      input.kind,
      { offset: (input.page - 1) * input.pageSize, limit: input.pageSize },
    );
    return {
      device: { id: device.id, name: device.name, gatewaySn: device.gatewaySn },
      list: rows.map(presentLog),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }

  async exportLog(
    caller: Caller,
    input: {
      id: string;
      start: number;
      end: number;
      kind?: DeviceLogKind | undefined;
      timeZone?: string | undefined;
    },
    format: SheetFormat,
  ): Promise<{ name: string; bytes: Buffer }> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, input.id);
    checkRange(input);
    const { rows } = await this.deps.repository.logPage(
      device,
      { start: new Date(input.start), end: new Date(input.end) },
      input.kind,
      { offset: 0, limit: EQUIPMENT_EXPORT_MAX_ROWS },
    );
    const en = caller.locale === 'en-US';
    const time = timeFormatter(input.timeZone);
    const headers = en
      ? ['Time', 'Event', 'By', 'Variable', 'Old value', 'New value', 'Result', 'Code', 'Detail']
      : ['时间', '事件', '操作人', '变量', '原值', '新值', '结果', '结果码', '详情'];
    const text = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
    const bytes = await writeSheet(
      format,
      en ? 'Device log' : '设备日志',
      headers,
      rows
        .map(presentLog)
        .map((entry) => [
          time(entry.at),
          DEVICE_LOG_KINDS[entry.kind][en ? 'en' : 'zh'],
          entry.actorName,
          entry.variable,
          entry.kind === 'write' ? text(entry.previous) : '',
          entry.kind === 'write' ? text(entry.value) : '',
          entry.status,
          entry.code,
          entry.detail,
        ]),
    );
    return { name: `${device.gatewaySn}-${en ? 'log' : '日志'}.${format}`, bytes };
  }

  private async requireManaged(caller: Caller, id: string, action: ActionName) {
    const device = await this.deps.access.requireVisibleDevice(caller.account, id);
    await this.deps.access.authorize(caller.account, action, device);
    return device;
  }
}

function checkRange(range: { start: number; end: number }): void {
  const problem = checkQueryRange(range);
  if (problem) throw new CatalogueError(problem.code, { ...problem.params, field: 'start' });
}
