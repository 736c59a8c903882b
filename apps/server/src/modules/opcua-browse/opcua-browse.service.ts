/**
 * The tag browser on the platform side. Browse targets are the devices of a product the caller
 * may browse through, with their gateway's state and OPC UA certificate thumbprint. A browse is a
 * command like any other (stored with who asked, sent on `down/cmd`, settled once by the reply or
 * its deadline), except that the request waits for the answer: the gateway's reply is settled by
 * whichever platform node receives it, with the children kept as the command's result, and the
 * bus tells the waiting node, which reads them back.
 */
import { randomUUID } from 'node:crypto';
import { CatalogueError, type ErrorCode } from '@lyyp/contracts';
import {
  OPCUA_BROWSE_TARGETS_MAX,
  OPCUA_BROWSE_WAIT_MS,
  OPCUA_OBJECTS_FOLDER,
  OpcUaBrowseAnswerSchema,
  type OpcUaBrowseAnswer,
  type OpcUaBrowseTarget,
  type OpcUaGatewayCertificateAnswer,
  type OpcUaTargetsAnswer,
} from '@lyyp/contracts/opcua-browse';
import { commandPayloadSchema, downTopic, type ReplyPayload } from '@lyyp/contracts/protocol';
import type { Bus } from '../../bus/bus.ts';
import type { StoredValue } from '../../db/schema/index.ts';
import type { MqttTransport } from '../../mqtt/transport.ts';
import type { CommandRepository, CommandRow } from '../command/command.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { Caller } from '../device/viewer.ts';
import type { ProductService } from '../product/product.service.ts';
import type { GatewayLiveness } from '../telemetry/gateway-liveness.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import type { OpcUaBrowseRepository } from './opcua-browse.repository.ts';

export interface OpcUaBrowseServiceDeps {
  repository: OpcUaBrowseRepository;
  commands: CommandRepository;
  runtime: Pick<RuntimeRepository, 'deviceContextBySn' | 'gatewayState'>;
  products: Pick<ProductService, 'requireFor'>;
  access: Pick<DeviceAccess, 'findVisibleDevice' | 'authorize' | 'allows'>;
  liveness: Pick<GatewayLiveness, 'presenceOf'>;
  transport: Pick<MqttTransport, 'publish'>;
  bus: Bus;
  now: () => number;
  /** How long a browse waits for the gateway (OPCUA_BROWSE_WAIT_MS unless a test shortens it). */
  waitMs?: number;
}

/** Codes whose text names the node or the gateway's thumbprint. */
function paramsOf(code: string, node: string, thumbprint: string | null): Record<string, string> {
  if (code === '1741') return { node };
  if (code === '1745') return { thumbprint: thumbprint ?? '—' };
  return {};
}

/** The children a settled browse keeps (an object; text when a driver hands JSON back unparsed). */
function resultOf(row: CommandRow): object {
  const result: unknown = row.result;
  if (typeof result === 'string') {
    try {
      return JSON.parse(result) as object;
    } catch {
      return {};
    }
  }
  return typeof result === 'object' && result !== null ? result : {};
}

export class OpcUaBrowseService {
  constructor(private readonly deps: OpcUaBrowseServiceDeps) {}

  /** Devices of the product a browse of the driver can go through. */
  async targets(caller: Caller, productId: string, driverKey: string): Promise<OpcUaTargetsAnswer> {
    const product = await this.deps.products.requireFor(caller, 'product.edit', productId);
    const driver = product.model.drivers.find((item) => item.key === driverKey);
    if (!driver) throw new CatalogueError('2601', { driver: driverKey });
    if (driver.protocol !== 'opcua') throw new CatalogueError('1782');
    const rows = await this.deps.repository.devicesOfProduct(productId, OPCUA_BROWSE_TARGETS_MAX + 1);
    const listed = rows.slice(0, OPCUA_BROWSE_TARGETS_MAX);
    const gateways = await this.deps.repository.gateways(listed.map((row) => row.sn));
    const list: OpcUaBrowseTarget[] = [];
    for (const row of listed) {
      const device = { id: row.deviceId, ownerAccountId: row.ownerAccountId };
      if (!(await this.deps.access.allows(caller.account, 'device.browseOpcUa', device))) continue;
      const gateway = gateways.get(row.sn);
      const context = await this.deps.runtime.deviceContextBySn(row.sn);
      const presence = this.deps.liveness.presenceOf(row.sn, gateway);
      list.push({
        equipmentId: row.deviceId,
        name: row.name,
        sn: row.sn,
        status: presence === 'offline' && gateway?.status === 'power-off' ? 'power-off' : presence,
        configCurrent:
          context !== undefined &&
          gateway?.configVersionReported === context.version &&
          context.model.drivers.some((item) => item.key === driverKey),
        opcuaThumbprint: gateway?.opcuaThumbprint ?? null,
      });
    }
    return { list, truncated: rows.length > OPCUA_BROWSE_TARGETS_MAX };
  }

  /** The thumbprint of the device's gateway's OPC UA certificate, for whoever may see the device. */
  async gatewayCertificate(caller: Caller, equipmentId: string): Promise<OpcUaGatewayCertificateAnswer> {
    const device = await this.deps.access.findVisibleDevice(caller.account, equipmentId);
    if (!device) throw new CatalogueError('1003');
    const gateway = (await this.deps.repository.gateways([device.gatewaySn])).get(device.gatewaySn);
    return { sn: device.gatewaySn, thumbprint: gateway?.opcuaThumbprint ?? null };
  }

  /** The children of a node of the driver's server, asked of the device's gateway. */
  async browse(
    caller: Caller,
    input: { equipmentId: string; driverKey: string; node?: string | undefined },
  ): Promise<OpcUaBrowseAnswer> {
    const device = await this.deps.access.findVisibleDevice(caller.account, input.equipmentId);
    if (!device) throw new CatalogueError('1003');
    await this.deps.access.authorize(caller.account, 'device.browseOpcUa', device);
    const context = await this.deps.runtime.deviceContextBySn(device.gatewaySn);
    if (!context) throw new CatalogueError('1504');
    const driver = context.model.drivers.find((item) => item.key === input.driverKey);
    if (!driver) throw new CatalogueError('2601', { driver: input.driverKey });
    if (driver.protocol !== 'opcua') throw new CatalogueError('1782');
    const sn = device.gatewaySn;
    const gateway = await this.deps.runtime.gatewayState(sn);
    const presence = this.deps.liveness.presenceOf(sn, gateway);
    if (presence !== 'online') throw new CatalogueError(presence === 'dormant' ? '1502' : '1501');
    // A driver saved a moment ago is not on the gateway yet: its agent would not know the key.
    if (gateway?.configVersionReported !== context.version) throw new CatalogueError('1773');

    const node = input.node ?? OPCUA_OBJECTS_FOLDER;
    const now = this.deps.now();
    const waitMs = this.deps.waitMs ?? OPCUA_BROWSE_WAIT_MS;
    const row = await this.deps.commands.insert({
      uuid: randomUUID(),
      deviceId: device.id,
      gatewaySn: sn,
      op: 'browse',
      key: input.driverKey,
      value: node,
      previous: null,
      status: 'pending',
      createdBy: caller.account.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + waitMs),
    });
    const settled = this.settledRow(row.uuid, waitMs);
    const payload = commandPayloadSchema.parse({
      uuid: row.uuid,
      op: 'browse',
      driver: input.driverKey,
      ...(input.node ? { node: input.node } : {}),
      expiresAt: row.expiresAt.getTime(),
    });
    await this.deps.transport.publish(downTopic(sn, 'cmd'), JSON.stringify(payload), { qos: 1 });
    const outcome = await settled;
    if (outcome.status !== 'success') {
      const code = (outcome.code ?? '1781') as ErrorCode;
      const thumbprint = (await this.deps.repository.gateways([sn])).get(sn)?.opcuaThumbprint ?? null;
      throw new CatalogueError(code, paramsOf(code, node, thumbprint));
    }
    const answer = OpcUaBrowseAnswerSchema.safeParse({ node, ...resultOf(outcome) });
    if (!answer.success) throw new CatalogueError('1781');
    return answer.data;
  }

  /**
   * A browse reply, before the command service settles it: its children become the command's
   * result, so the node waiting for it reads them from the database.
   */
  async handleReply(sn: string, reply: ReplyPayload): Promise<void> {
    if (reply.status !== 'success' || !reply.data?.nodes) return;
    // The column holds any JSON; its type names the single values of reads and writes.
    const result = {
      nodes: reply.data.nodes,
      truncated: reply.data.truncated ?? false,
    } as unknown as StoredValue;
    const row = await this.deps.commands.settle(
      reply.uuid,
      { status: 'success', code: reply.code, message: reply.message ?? null, result },
      sn,
    );
    if (row)
      this.deps.bus.publish('command', {
        uuid: row.uuid,
        deviceId: row.deviceId,
        status: row.status,
        code: row.code,
      });
  }

  /** The command once it left `pending`: by its reply (any node), or as 1781 at its deadline. */
  private settledRow(uuid: string, waitMs: number): Promise<CommandRow> {
    return new Promise<CommandRow>((resolve, reject) => {
      let done = false;
      const finish = (read: () => Promise<CommandRow | undefined>) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        unsubscribe();
        read().then((row) => (row ? resolve(row) : reject(new CatalogueError('1781'))), reject);
      };
      const unsubscribe = this.deps.bus.subscribe('command', (event) => {
        if (event.uuid === uuid && event.status !== 'pending') finish(() => this.deps.commands.find(uuid));
      });
      const timer = setTimeout(
        () =>
          finish(async () => {
            const expired = { status: 'failure' as const, code: '1781', message: null, result: null };
            // Settled here unless the reply won the race; then the reply's outcome stands.
            return (await this.deps.commands.settle(uuid, expired)) ?? this.deps.commands.find(uuid);
          }),
        waitMs,
      );
    });
  }
}
