/**
 * Read and write commands (§4 async command flow). A command is checked (visibility, permission,
 * variable, value, gateway state), stored as pending with its audit, sent to the gateway, and
 * settled once by the gateway's reply or by its deadline. The callback answers from the database,
 * so any node can answer for a command another node sent.
 */
import type { ActionName } from '@lyyp/contracts/policy';
import { randomUUID } from 'node:crypto';
import { CatalogueError } from '@lyyp/contracts';
import type { CommandReply } from '@lyyp/contracts/commands';
import { checkWriteValue } from '@lyyp/contracts/device-model';
import type { GatewaySettings } from '@lyyp/contracts/gateway-ops';
import { commandPayloadSchema, downTopic, type ReplyPayload } from '@lyyp/contracts/protocol';
import type { Bus } from '../../bus/bus.ts';
import type { StoredValue } from '../../db/schema/index.ts';
import type { MqttTransport } from '../../mqtt/transport.ts';
import type { AccountRow } from '../account/account.repository.ts';
import type { GatewayLiveness } from '../telemetry/gateway-liveness.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import type { CommandRepository, CommandRow } from './command.repository.ts';

export type { CommandRow };

/** A gateway must execute a command within this time or not at all. */
export const COMMAND_DEADLINE_MS = 30_000;

/** Which devices an account sees, and what the policy allows it to do to one. */
export interface DeviceAccess {
  findVisibleDevice(
    account: AccountRow,
    deviceId: string,
  ): Promise<{ id: string; ownerAccountId: string } | undefined>;
  allows(
    account: AccountRow,
    action: ActionName,
    device: { id: string; ownerAccountId: string },
  ): Promise<boolean>;
}

export interface CommandServiceDeps {
  commands: CommandRepository;
  runtime: RuntimeRepository;
  transport: MqttTransport;
  bus: Bus;
  access: DeviceAccess;
  /** Whether a gateway can be reached now (connected, heard from), beyond its stored status. */
  liveness: Pick<GatewayLiveness, 'presenceOf'>;
  now: () => number;
}

/** A gateway command other than a read or write: the gateway acts as a whole. */
export interface GatewayCommand {
  deviceId: string;
  sn: string;
  op: 'restart' | 'settings' | 'factory-reset';
  /** Kept with the command for whoever handles its reply (factory reset: whether platform data stays). */
  value?: StoredValue;
  settings?: GatewaySettings;
  createdBy: string;
  /** Also sent to a dormant gateway (a settings change that only wakes it). */
  reachesDormant?: boolean;
}

/** Told once a gateway command's reply settled it (any node: the reply's node). */
export type SettledHandler = (row: CommandRow, reply: ReplyPayload) => Promise<void>;
/** Told of a reply before it settles its command: what it carries is stored before anyone sees it settled. */
export type ReplyingHandler = (sn: string, reply: ReplyPayload) => Promise<void>;

export class CommandService {
  private readonly settledHandlers: SettledHandler[] = [];
  private readonly replyingHandlers: ReplyingHandler[] = [];

  constructor(private readonly deps: CommandServiceDeps) {}

  /** Handlers of replies, run before the reply settles its command (the gateway operations module). */
  onReplying(handler: ReplyingHandler): void {
    this.replyingHandlers.push(handler);
  }

  /** Handlers of settled gateway commands (the gateway operations module). */
  onSettled(handler: SettledHandler): void {
    this.settledHandlers.push(handler);
  }

  /**
   * Sends a command the gateway carries out as a whole (restart, settings, factory reset) through
   * the same path as reads and writes: stored with who asked, refused at once for a gateway that is
   * offline or dormant (§8), otherwise pending until the reply or the deadline.
   */
  async sendGatewayCommand(command: GatewayCommand): Promise<CommandReply<{ value: StoredValue }>> {
    const now = this.deps.now();
    const gateway = await this.deps.runtime.gatewayState(command.sn);
    const base = {
      uuid: randomUUID(),
      deviceId: command.deviceId,
      gatewaySn: command.sn,
      op: command.op,
      key: null,
      value: command.value ?? null,
      previous: null,
      createdBy: command.createdBy,
      createdAt: new Date(now),
      expiresAt: new Date(now + COMMAND_DEADLINE_MS),
    };
    const presence = this.deps.liveness.presenceOf(command.sn, gateway);
    const reachable = presence === 'online' || (presence === 'dormant' && command.reachesDormant === true);
    if (!reachable) {
      const code = presence === 'dormant' ? '1502' : '1501';
      const row = await this.deps.commands.insert({ ...base, status: 'failure', code });
      return { online: false, uuid: row.uuid, status: 'failure', code, message: null, data: null };
    }
    const row = await this.deps.commands.insert({ ...base, status: 'pending' });
    const payload = commandPayloadSchema.parse({
      uuid: row.uuid,
      op: command.op,
      ...(command.settings ? { settings: command.settings } : {}),
      expiresAt: row.expiresAt.getTime(),
    });
    await this.deps.transport.publish(downTopic(command.sn, 'cmd'), JSON.stringify(payload), { qos: 1 });
    this.deps.bus.publish('command', {
      uuid: row.uuid,
      deviceId: command.deviceId,
      status: 'pending',
      code: null,
    });
    return { online: true, uuid: row.uuid, status: 'pending', code: null, message: null, data: null };
  }

  async issue(
    account: AccountRow,
    deviceId: string,
    op: 'read' | 'write',
    key: string,
    requested?: unknown,
  ): Promise<CommandReply<{ value: StoredValue }>> {
    const device = await this.deps.access.findVisibleDevice(account, deviceId);
    if (!device) throw new CatalogueError('1003');
    // Writing needs the write code and a relation that allows it (the policy's device.write).
    if (op === 'write' && !(await this.deps.access.allows(account, 'device.write', device)))
      throw new CatalogueError('1202');
    const context = await this.deps.runtime.deviceContextById(device.id);
    if (!context) throw new CatalogueError('1504');
    const variable = context.model.variables.find((item) => item.key === key);
    if (!variable) throw new CatalogueError('1714');
    let value: StoredValue = null;
    if (op === 'write') {
      const checked = checkWriteValue(variable, requested);
      if (!checked.ok) throw new CatalogueError(checked.violation.code, checked.violation.params);
      value = checked.value;
    }
    const now = this.deps.now();
    const gateway = await this.deps.runtime.gatewayState(context.sn);
    const base = {
      uuid: randomUUID(),
      deviceId: device.id,
      gatewaySn: context.sn,
      op,
      key,
      value,
      previous: op === 'write' ? ((await this.deps.commands.latestValue(device.id, key)) ?? null) : null,
      createdBy: account.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + COMMAND_DEADLINE_MS),
    };
    // A gateway that is not connected gets nothing: answered at once, not after the deadline.
    const presence = this.deps.liveness.presenceOf(context.sn, gateway);
    if (presence !== 'online') {
      const code = presence === 'dormant' ? '1502' : '1501';
      const row = await this.deps.commands.insert({ ...base, status: 'failure', code });
      return { online: false, uuid: row.uuid, status: 'failure', code, message: null, data: null };
    }
    const row = await this.deps.commands.insert({ ...base, status: 'pending' });
    const payload = commandPayloadSchema.parse({
      uuid: row.uuid,
      op,
      key,
      value: op === 'write' ? value : undefined,
      expiresAt: row.expiresAt.getTime(),
    });
    await this.deps.transport.publish(downTopic(context.sn, 'cmd'), JSON.stringify(payload), { qos: 1 });
    this.deps.bus.publish('command', { uuid: row.uuid, deviceId: device.id, status: 'pending', code: null });
    return { online: true, uuid: row.uuid, status: 'pending', code: null, message: null, data: null };
  }

  /** The §7 callback: the command's state by uuid, for anyone who may see its device. */
  async state(account: AccountRow, uuid: string): Promise<CommandReply<{ value: StoredValue }>> {
    let row = await this.deps.commands.find(uuid);
    if (!row || !(await this.deps.access.findVisibleDevice(account, row.deviceId)))
      throw new CatalogueError('1003');
    if (row.status === 'pending' && row.expiresAt.getTime() <= this.deps.now()) {
      // Past its deadline the gateway will not execute it: settle it as a timeout, once.
      row =
        (await this.settle(row.uuid, { status: 'failure', code: '99902', message: null, result: null })) ??
        (await this.deps.commands.find(uuid)) ??
        row;
    }
    return describe(row);
  }

  async handleReply(sn: string, reply: ReplyPayload): Promise<void> {
    for (const handler of this.replyingHandlers) await handler(sn, reply);
    const result = reply.data?.value ?? null;
    const row = await this.settle(
      reply.uuid,
      { status: reply.status, code: reply.code, message: reply.message ?? null, result },
      sn,
    );
    if (row && row.op !== 'read' && row.op !== 'write') {
      for (const handler of this.settledHandlers) await handler(row, reply);
      return;
    }
    if (!row || row.status !== 'success' || !row.key || reply.data?.value === undefined) return;
    const ts = this.deps.now();
    await this.deps.commands.setLatest(row.deviceId, row.key, ts, result);
    this.deps.bus.publish('values', {
      deviceId: row.deviceId,
      points: [{ key: row.key, ts, value: result, error: null }],
    });
  }

  private async settle(uuid: string, outcome: Parameters<CommandRepository['settle']>[1], sn?: string) {
    const row = await this.deps.commands.settle(uuid, outcome, sn);
    if (row)
      this.deps.bus.publish('command', { uuid, deviceId: row.deviceId, status: row.status, code: row.code });
    return row;
  }
}

function describe(row: CommandRow): CommandReply<{ value: StoredValue }> {
  return {
    online: true,
    uuid: row.uuid,
    status: row.status,
    code: row.status === 'success' ? '200' : row.code,
    message: row.message,
    data: row.status === 'success' ? { value: row.result ?? null } : null,
  };
}
