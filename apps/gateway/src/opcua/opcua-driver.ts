/**
 * One OPC UA driver: a client of one server. It keeps a session open, reads the driver's periodic
 * variables by subscription (monitored items grouped by sampling interval, published at the
 * driver's poll interval) or by polling where the server refuses subscriptions, reads on demand,
 * writes with read-back, and browses the server's address space for the console.
 *
 * Resilience: the session is supervised as a whole (agent/field-driver-runner.ts). When the
 * connection drops, the session closes or keep-alives fail, everything of that session is thrown
 * away, every periodic variable is reported as a communication fault, and a fresh client, session
 * and subscription are built, first after half a second, then at most every 2 s while the server
 * stays away — so values come back within a few seconds of the server being back, whatever
 * happened to the old session. A node that turns bad is reported with its status (mapped to §8
 * codes) and never affects the other nodes.
 *
 * A browse that comes while the session is still being opened (just after the gateway started, or
 * between two attempts) waits for that session, at most BROWSE_PATIENCE_MS, and answers the code
 * of the failed attempt when the server really cannot be reached.
 */
import { X509Certificate } from 'node:crypto';
import type { ErrorCode } from '@lyyp/contracts';
import type { OpcUaDriver } from '@lyyp/contracts/device-model';
import {
  AttributeIds,
  DataType,
  MessageSecurityMode,
  OPCUAClient,
  SecurityPolicy,
  TimestampsToReturn,
  UserTokenType,
  VariantArrayType,
  type ClientMonitoredItemBase,
  type ClientSubscription,
  type ClientSession,
  type DataValue,
  type ReadValueIdOptions,
  type UserIdentityInfo,
} from 'node-opcua';
import { FieldDriverRunnerBase, type FieldRunnerOptions } from '../agent/field-driver-runner.ts';
import { presentRaw } from '../core/collection.ts';
import { confirmsWrite, planFieldWrite, type FieldPoint } from '../core/field-points.ts';
import type { Sample } from '../core/samples.ts';
import type { WriteOutcome } from '../modbus/modbus-writer.ts';
import type { GatewayCertificate } from './gateway-certificate.ts';
import { browseNode, type BrowseOutcome } from './opcua-browse.ts';
import { resolveAddresses } from './opcua-namespaces.ts';
import { codeOfSessionFailure, codeOfStatus } from './opcua-status.ts';
import { rawOfVariant, variantOf } from './opcua-values.ts';

export type { BrowseOutcome } from './opcua-browse.ts';
export type OpcUaPoint = FieldPoint<OpcUaDriver>;

export interface OpcUaDriverOptions extends FieldRunnerOptions<OpcUaPoint> {
  readonly driver: OpcUaDriver;
  readonly certificate: GatewayCertificate;
}

/** Longest a browse waits for the driver's session to open before answering why it is not. */
export const BROWSE_PATIENCE_MS = 10_000;

const SECURITY_MODES = {
  None: MessageSecurityMode.None,
  Sign: MessageSecurityMode.Sign,
  SignAndEncrypt: MessageSecurityMode.SignAndEncrypt,
} as const;

const SECURITY_POLICIES = {
  None: SecurityPolicy.None,
  Basic256Sha256: SecurityPolicy.Basic256Sha256,
  Aes128_Sha256_RsaOaep: SecurityPolicy.Aes128_Sha256_RsaOaep,
  Aes256_Sha256_RsaPss: SecurityPolicy.Aes256_Sha256_RsaPss,
} as const;

interface NodeType {
  readonly dataType: DataType;
  readonly isArray: boolean;
}

interface Live {
  readonly client: OPCUAClient;
  readonly session: ClientSession;
}

export class OpcUaDriverRunner extends FieldDriverRunnerBase<OpcUaDriver, OpcUaPoint, Live> {
  private readonly nodeTypes = new Map<string, NodeType>();
  /** The address of each point as this session reads it (namespace URIs resolved); null: unknown URI. */
  private addresses = new Map<string, string | null>();
  private flushQueued = false;
  /** How periodic variables are read in the current session. */
  mode: 'subscription' | 'polling' | 'none' = 'none';

  constructor(private readonly options: OpcUaDriverOptions) {
    super(options.driver, options, { timeout: '1715', lost: '1744', maxDelayMs: 2000 });
  }

  protected get endpointLabel(): string {
    return this.driver.endpointUrl;
  }

  /** The point's address in this session: its NodeId with the namespace resolved, null when unknown. */
  private nodeOf(point: OpcUaPoint): string | null {
    const address = this.addresses.get(point.key);
    return address === undefined ? point.address : address;
  }

  private identity(): UserIdentityInfo {
    const { driver } = this;
    if (driver.authentication === 'username')
      return {
        type: UserTokenType.UserName,
        userName: driver.userName ?? '',
        password: driver.password ?? '',
      };
    if (driver.authentication === 'certificate') {
      // An imported product has no key until it is entered again: a refused identity, not a crash.
      if (!driver.userPrivateKey)
        throw new Error('BadIdentityTokenInvalid: no private key for the user certificate');
      return {
        type: UserTokenType.Certificate,
        // The server reads the certificate as DER; the key signs the session's nonce.
        certificateData: new X509Certificate(driver.userCertificate ?? '').raw,
        privateKey: driver.userPrivateKey,
      };
    }
    return { type: UserTokenType.Anonymous };
  }

  /** The code of a failure, a refused identity named by the kind the driver signs in with. */
  private failureCode(error: unknown): ErrorCode {
    return codeOfSessionFailure(error, this.driver.authentication);
  }

  /** Opens a session and reads through it until it is lost or the driver stops; true if it opened. */
  protected async turn(): Promise<boolean> {
    const { driver, certificate } = { driver: this.driver, certificate: this.options.certificate };
    const client = OPCUAClient.create({
      applicationName: 'lyyp-gateway',
      endpointMustExist: false,
      securityMode: SECURITY_MODES[driver.securityMode],
      securityPolicy: SECURITY_POLICIES[driver.securityPolicy],
      clientCertificateManager: await certificate.certificateManager(),
      connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 200 },
      keepSessionAlive: true,
      requestedSessionTimeout: 60_000,
      transportTimeout: Math.max(5000, driver.timeoutMs * 5),
    });
    let lose: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (lose = resolve));
    client.on('connection_lost', () => lose());
    client.on('close', () => lose());
    let session: ClientSession | null = null;
    try {
      await client.createDefaultCertificate();
      await certificate.remember(client.certificateFile);
      await client.connect(driver.endpointUrl);
      session = await client.createSession(this.identity());
      const resolved = await resolveAddresses(
        session,
        [...this.points.values()].map((point) => point.address),
      );
      this.addresses = new Map(
        [...this.points.values()].map((point) => [point.key, resolved.get(point.address) ?? null]),
      );
    } catch (error) {
      await session?.close().catch(() => undefined);
      await client.disconnect().catch(() => undefined);
      return this.openFailed(this.failureCode(error));
    }
    const open = session;
    open.on('session_closed', () => lose());
    open.on('keepalive_failure', () => lose());
    let poller: NodeJS.Timeout | null = null;
    let subscription: ClientSubscription | null = null;
    const live: Live = { client, session: open };
    return this.hold(
      live,
      lost,
      lose,
      async () => {
        if (this.periodic.length > 0) {
          subscription = driver.subscribe ? await this.subscribe(open, lose) : null;
          this.mode = subscription ? 'subscription' : 'polling';
          if (!subscription) {
            const poll = async () => {
              await this.pollOnce(open);
              if (this.connected === live) poller = setTimeout(() => void poll(), driver.pollIntervalMs);
            };
            await poll();
          }
        }
        if (this.pending.length > 0) this.queueFlush();
      },
      async () => {
        this.mode = 'none';
        if (poller) clearTimeout(poller);
        this.nodeTypes.clear();
        await subscription?.terminate().catch(() => undefined);
        await open.close().catch(() => undefined);
        await client.disconnect().catch(() => undefined);
      },
    );
  }

  /** Monitored items grouped by sampling interval; null when the server refuses a subscription. */
  private async subscribe(session: ClientSession, lose: () => void): Promise<ClientSubscription | null> {
    let subscription: ClientSubscription;
    try {
      subscription = await session.createSubscription2({
        requestedPublishingInterval: this.driver.pollIntervalMs,
        requestedLifetimeCount: 60,
        requestedMaxKeepAliveCount: 10,
        maxNotificationsPerPublish: 0,
        publishingEnabled: true,
        priority: 1,
      });
    } catch {
      return null;
    }
    subscription.on('terminated', () => lose());
    subscription.on('keepalive', () => this.report([], this.allGood()));
    const byInterval = new Map<number, OpcUaPoint[]>();
    for (const point of this.periodic) {
      if (this.nodeOf(point) === null) {
        this.take(point, null, '1741');
        continue;
      }
      const interval = point.variable.samplingIntervalMs ?? this.driver.pollIntervalMs;
      byInterval.set(interval, [...(byInterval.get(interval) ?? []), point]);
    }
    for (const [samplingInterval, points] of byInterval) {
      const group = await subscription.monitorItems(
        points.map((point) => ({ nodeId: this.nodeOf(point)!, attributeId: AttributeIds.Value })),
        { samplingInterval, discardOldest: true, queueSize: 1 },
        TimestampsToReturn.Both,
      );
      group.on('changed', (item: ClientMonitoredItemBase, dataValue: DataValue, index: number) => {
        const point = points[index];
        if (point) this.take(point, dataValue);
      });
      group.monitoredItems.forEach((item, index) => {
        const point = points[index];
        const code = codeOfStatus(item.statusCode.name);
        if (point && code) this.take(point, null, code);
      });
    }
    return subscription;
  }

  private async pollOnce(session: ClientSession): Promise<void> {
    try {
      this.requests += 1;
      const readable = this.periodic.filter((point) => this.nodeOf(point) !== null);
      const values = await session.read(
        readable.map((point) => ({ nodeId: this.nodeOf(point)!, attributeId: AttributeIds.Value })),
      );
      readable.forEach((point, index) => {
        const value = values[index];
        if (value) this.take(point, value);
      });
      for (const point of this.periodic) if (this.nodeOf(point) === null) this.take(point, null, '1741');
      this.lastSuccessAt = this.now();
      this.report(this.drain(), this.allGood());
    } catch (error) {
      this.noteFailure(this.failureCode(error));
    }
  }

  /** A data value (or a failure code) of a point becomes its newest sample, reported with the next flush. */
  private take(point: OpcUaPoint, dataValue: DataValue | null, failure?: ErrorCode): void {
    // Point times are the gateway's clock, as for every protocol (the server's clock may be off).
    const at = this.now();
    this.keep(this.sampleOf(point, dataValue, failure, at));
    if (this.mode === 'subscription') this.queueFlush();
  }

  private sampleOf(
    point: OpcUaPoint,
    dataValue: DataValue | null,
    failure: ErrorCode | undefined,
    at: number,
  ): Sample {
    const code = failure ?? (dataValue ? codeOfStatus(dataValue.statusCode.name) : '1744');
    if (code || !dataValue) return { kind: 'fault', key: point.key, code: code ?? '1744', at };
    const raw = rawOfVariant(dataValue.value);
    if (raw === null) return { kind: 'fault', key: point.key, code: '1743', at };
    if (typeof raw === 'string' && point.dataType.numeric)
      return { kind: 'fault', key: point.key, code: '1748', at };
    if (typeof raw === 'number' && !point.dataType.numeric) return presentRaw(point, String(raw), at);
    return presentRaw(point, raw, at);
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      this.report(this.drain(), this.allGood());
    });
  }

  private allGood(): boolean {
    return (
      this.periodic.length > 0 &&
      this.periodic.every((point) => this.latest.get(point.key)?.kind === 'reading')
    );
  }

  /** Reads variables of this driver now. */
  async readNow(keys: readonly string[]): Promise<Sample[]> {
    const points = keys.map((key) => this.points.get(key)).filter((point) => point !== undefined);
    const live = this.connected;
    const at = this.now();
    if (!live) return this.unreachable(points);
    try {
      this.requests += 1;
      const readable = points.filter((point) => this.nodeOf(point) !== null);
      const values = await live.session.read(
        readable.map((point): ReadValueIdOptions => ({
          nodeId: this.nodeOf(point)!,
          attributeId: AttributeIds.Value,
        })),
      );
      return points.map((point) => {
        const index = readable.indexOf(point);
        const sample =
          index < 0
            ? this.sampleOf(point, null, '1741', at)
            : this.sampleOf(point, values[index] ?? null, undefined, at);
        this.filter.remember(sample);
        return sample;
      });
    } catch (error) {
      const code = this.failureCode(error);
      this.noteFailure(code);
      return points.map((point) => ({ kind: 'fault', key: point.key, code, at }));
    }
  }

  /** The built-in type (and array form) of a node, from its current value. */
  private async nodeType(session: ClientSession, point: OpcUaPoint): Promise<NodeType | ErrorCode> {
    const known = this.nodeTypes.get(point.key);
    if (known) return known;
    const nodeId = this.nodeOf(point);
    if (nodeId === null) return '1741';
    const value = await session.read({ nodeId, attributeId: AttributeIds.Value });
    const code = codeOfStatus(value.statusCode.name);
    if (code) return code;
    const type = {
      dataType: value.value.dataType,
      isArray: value.value.arrayType !== VariantArrayType.Scalar,
    };
    this.nodeTypes.set(point.key, type);
    return type;
  }

  /** Writes a value and confirms it by reading the node back. Never throws. */
  async write(key: string, requested: unknown): Promise<WriteOutcome> {
    const point = this.points.get(key);
    if (!point) return { ok: false, key, code: '1714' };
    const plan = planFieldWrite(point, requested);
    if (!plan.ok) return { ok: false, key, code: plan.code };
    const live = this.connected;
    if (!live) return { ok: false, key, code: this.lastErrorCode ?? '1744' };
    try {
      this.requests += 1;
      const type = await this.nodeType(live.session, point);
      if (typeof type === 'string') return { ok: false, key, code: type };
      if (type.dataType === DataType.Null) return { ok: false, key, code: '1748' };
      const status = await live.session.write({
        nodeId: this.nodeOf(point)!,
        attributeId: AttributeIds.Value,
        value: { value: variantOf(plan.raw, type.dataType, type.isArray) },
      });
      const refused = codeOfStatus(status.name);
      if (refused) return { ok: false, key, code: refused };
      if (point.variable.readWrite === 'write-only')
        return { ok: true, key, value: plan.value, raw: plan.raw, readBack: false };
      const back = await live.session.read({ nodeId: this.nodeOf(point)!, attributeId: AttributeIds.Value });
      const sample = this.sampleOf(point, back, undefined, this.now());
      if (sample.kind === 'fault') return { ok: false, key, code: sample.code };
      if (!confirmsWrite(point, plan.raw, sample.raw)) return { ok: false, key, code: '1401' };
      return {
        ok: true,
        key,
        value: sample.value,
        raw: sample.raw,
        readBack: true,
        ...(sample.text !== undefined ? { text: sample.text } : {}),
      };
    } catch (error) {
      const code =
        error instanceof SyntaxError || error instanceof TypeError ? '1722' : this.failureCode(error);
      this.noteFailure(code);
      return { ok: false, key, code };
    }
  }

  /**
   * The children of a node (the Objects folder when none is named), through the driver's session;
   * one still being opened is waited for (BROWSE_PATIENCE_MS at most).
   */
  async browse(nodeId: string | undefined): Promise<BrowseOutcome> {
    const live = await this.connection(BROWSE_PATIENCE_MS);
    if (!live) return { ok: false, code: this.lastErrorCode ?? '1744' };
    return browseNode(live.session, nodeId, this.driver.authentication);
  }
}
