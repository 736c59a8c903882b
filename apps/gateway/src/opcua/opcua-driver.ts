/**
 * One OPC UA driver: a client of one server. It keeps a session open, reads the driver's periodic
 * variables by subscription (monitored items grouped by sampling interval, published at the
 * driver's poll interval) or by polling where the server refuses subscriptions, reads on demand,
 * writes with read-back, and browses the server's address space for the console.
 *
 * Resilience: the session is supervised as a whole. When the connection drops, the session closes
 * or keep-alives fail, everything of that session is thrown away, every periodic variable is
 * reported as a communication fault, and a fresh client, session and subscription are built, first
 * after half a second, then at most every 2 s while the server stays away — so values come back
 * within a few seconds of the server being back, whatever happened to the old session. A node that
 * turns bad is reported with its status (mapped to §8 codes) and never affects the other nodes.
 */
import { X509Certificate } from 'node:crypto';
import type { ErrorCode } from '@lyyp/contracts';
import { dataTypeForOpcUa, type OpcUaDriver } from '@lyyp/contracts/device-model';
import type { BrowsedNode } from '@lyyp/contracts/protocol';
import {
  AttributeIds,
  BrowseDirection,
  DataType,
  MessageSecurityMode,
  NodeClass,
  OPCUAClient,
  SecurityPolicy,
  TimestampsToReturn,
  UserTokenType,
  VariantArrayType,
  makeNodeClassMask,
  type ClientMonitoredItemBase,
  type ClientSubscription,
  type ClientSession,
  type DataValue,
  type ReadValueIdOptions,
  type UserIdentityInfo,
} from 'node-opcua';
import { ChangeFilter } from '../core/change-filter.ts';
import { presentRaw } from '../core/collection.ts';
import { confirmsWrite, planFieldWrite, type FieldPoint } from '../core/field-points.ts';
import type { RejectedVariable } from '../core/points.ts';
import type { Fault, Sample } from '../core/samples.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import type { WriteOutcome } from '../modbus/modbus-writer.ts';
import type { SlaveStatus } from '../modbus/slave-channel.ts';
import type { GatewayCertificate } from './gateway-certificate.ts';
import { resolveAddresses } from './opcua-namespaces.ts';
import { codeOfSessionFailure, codeOfStatus } from './opcua-status.ts';
import { rawOfVariant, variantOf } from './opcua-values.ts';

export type OpcUaPoint = FieldPoint<OpcUaDriver>;

export type BrowseOutcome =
  | { readonly ok: true; readonly nodes: readonly BrowsedNode[]; readonly truncated: boolean }
  | { readonly ok: false; readonly code: ErrorCode };

export interface OpcUaDriverOptions {
  readonly driver: OpcUaDriver;
  readonly points: readonly OpcUaPoint[];
  readonly rejected: readonly RejectedVariable[];
  readonly certificate: GatewayCertificate;
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly now?: () => number;
  /** First and longest wait before building a new session. */
  readonly retryDelayMs?: { readonly first: number; readonly max: number };
}

/** Most children one browse answers. */
export const BROWSE_MAX_CHILDREN = 500;
const OBJECTS_FOLDER = 'i=85';

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

export class OpcUaDriverRunner {
  readonly driver: OpcUaDriver;
  private readonly points: ReadonlyMap<string, OpcUaPoint>;
  private readonly periodic: readonly OpcUaPoint[];
  private readonly filter = new ChangeFilter();
  private readonly latest = new Map<string, Sample>();
  private readonly nodeTypes = new Map<string, NodeType>();
  /** The address of each point as this session reads it (namespace URIs resolved); null: unknown URI. */
  private addresses = new Map<string, string | null>();
  private readonly now: () => number;
  private running = false;
  private loop: Promise<void> | null = null;
  private live: Live | null = null;
  private wake: (() => void) | null = null;
  private pending: Sample[];
  private flushQueued = false;
  private requests = 0;
  private failures = 0;
  private timeouts = 0;
  private consecutiveFailures = 0;
  private lastErrorCode: ErrorCode | null = null;
  private lastErrorAt: number | null = null;
  private lastSuccessAt: number | null = null;
  /** How periodic variables are read in the current session. */
  mode: 'subscription' | 'polling' | 'none' = 'none';
  /** Sessions opened so far (tests wait on it). */
  sessions = 0;
  cycles = 0;

  constructor(private readonly options: OpcUaDriverOptions) {
    this.driver = options.driver;
    this.points = new Map(options.points.map((point) => [point.key, point]));
    this.periodic = options.points.filter((point) => point.variable.collectionMode === 'periodic');
    this.now = options.now ?? Date.now;
    this.pending = options.rejected.map((item) => ({ kind: 'fault', key: item.key, code: item.code, at: 0 }));
  }

  owns(key: string): boolean {
    return this.points.has(key);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.supervise();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  status(): SlaveStatus {
    return {
      driverKey: this.driver.key,
      slaveId: 0,
      endpoint: this.driver.endpointUrl,
      connected: this.live !== null,
      requests: this.requests,
      failures: this.failures,
      timeouts: this.timeouts,
      consecutiveFailures: this.consecutiveFailures,
      lastErrorCode: this.lastErrorCode,
      lastErrorAt: this.lastErrorAt,
      lastSuccessAt: this.lastSuccessAt,
    };
  }

  /** Keeps a session while running; each turn of the loop is one whole session. */
  private async supervise(): Promise<void> {
    let delay = this.options.retryDelayMs?.first ?? 500;
    const maxDelay = this.options.retryDelayMs?.max ?? 2000;
    while (this.running) {
      const opened = await this.runSession();
      if (!this.running) break;
      if (opened) delay = this.options.retryDelayMs?.first ?? 500;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
      delay = Math.min(maxDelay, delay * 2);
    }
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

  /** Opens a session, reads through it until it is lost or the driver stops; true if it was opened. */
  private async runSession(): Promise<boolean> {
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
      this.noteFailure(codeOfSessionFailure(error));
      this.faultAll(codeOfSessionFailure(error));
      await client.disconnect().catch(() => undefined);
      return false;
    }
    session.on('session_closed', () => lose());
    session.on('keepalive_failure', () => lose());
    this.live = { client, session };
    this.sessions += 1;
    this.consecutiveFailures = 0;
    this.lastSuccessAt = this.now();
    this.wake = () => lose();
    let poller: NodeJS.Timeout | null = null;
    let subscription: ClientSubscription | null = null;
    try {
      if (this.periodic.length > 0) {
        subscription = driver.subscribe ? await this.subscribe(session, lose) : null;
        this.mode = subscription ? 'subscription' : 'polling';
        if (!subscription) {
          const poll = async () => {
            await this.pollOnce(session);
            if (this.live?.session === session) poller = setTimeout(() => void poll(), driver.pollIntervalMs);
          };
          await poll();
        }
      }
      if (this.pending.length > 0) this.queueFlush();
      if (this.running) await lost;
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.live = null;
      this.mode = 'none';
      this.wake = null;
      if (poller) clearTimeout(poller);
      this.nodeTypes.clear();
      await subscription?.terminate().catch(() => undefined);
      await session.close().catch(() => undefined);
      await client.disconnect().catch(() => undefined);
      if (this.running) this.faultAll('1744');
    }
    return true;
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
      this.noteFailure(codeOfSessionFailure(error));
    }
  }

  /** A data value (or a failure code) of a point becomes its newest sample, reported with the next flush. */
  private take(point: OpcUaPoint, dataValue: DataValue | null, failure?: ErrorCode): void {
    // Point times are the gateway's clock, as for every protocol (the server's clock may be off).
    const at = this.now();
    const sample = this.sampleOf(point, dataValue, failure, at);
    this.latest.set(point.key, sample);
    if (this.filter.accept(sample, point.variable.deadZone)) this.pending.push(sample);
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

  private drain(): Sample[] {
    const samples = this.pending;
    this.pending = [];
    return samples;
  }

  private allGood(): boolean {
    return (
      this.periodic.length > 0 &&
      this.periodic.every((point) => this.latest.get(point.key)?.kind === 'reading')
    );
  }

  private report(samples: readonly Sample[], complete: boolean): void {
    const pending = samples.length === 0 && this.pending.length > 0 ? this.drain() : samples;
    this.cycles += 1;
    const latest = this.periodic
      .map((point) => this.latest.get(point.key))
      .filter((sample) => sample !== undefined);
    const others = pending.filter((sample) => !this.latest.has(sample.key));
    this.options.onReport({
      driverKey: this.driver.key,
      at: this.now(),
      samples: pending,
      // Every newest value (and faults of variables that cannot be read): the agent's filter decides.
      readings: [...others, ...latest],
      complete,
      pollIntervalMs: this.driver.pollIntervalMs,
    });
  }

  private faultAll(code: ErrorCode): void {
    const at = this.now();
    const faults: Fault[] = this.periodic.map((point) => ({ kind: 'fault', key: point.key, code, at }));
    for (const fault of faults) {
      this.latest.set(fault.key, fault);
      if (this.filter.accept(fault, 0)) this.pending.push(fault);
    }
    if (this.pending.length > 0) this.report(this.drain(), false);
  }

  private noteFailure(code: ErrorCode): void {
    this.failures += 1;
    this.consecutiveFailures += 1;
    if (code === '1715') this.timeouts += 1;
    this.lastErrorCode = code;
    this.lastErrorAt = this.now();
  }

  /** Reads variables of this driver now. */
  async readNow(keys: readonly string[]): Promise<Sample[]> {
    const points = keys.map((key) => this.points.get(key)).filter((point) => point !== undefined);
    const live = this.live;
    const at = this.now();
    if (!live)
      return points.map((point) => ({
        kind: 'fault',
        key: point.key,
        code: this.lastErrorCode ?? '1744',
        at,
      }));
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
      const code = codeOfSessionFailure(error);
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
    const live = this.live;
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
        error instanceof SyntaxError || error instanceof TypeError ? '1722' : codeOfSessionFailure(error);
      this.noteFailure(code);
      return { ok: false, key, code };
    }
  }

  /** The children of a node (the Objects folder when none is named). */
  async browse(nodeId: string | undefined): Promise<BrowseOutcome> {
    const live = this.live;
    if (!live) return { ok: false, code: this.lastErrorCode ?? '1744' };
    const { session } = live;
    try {
      const node = (await resolveAddresses(session, [nodeId ?? OBJECTS_FOLDER])).get(
        nodeId ?? OBJECTS_FOLDER,
      );
      if (!node) return { ok: false, code: '1741' };
      const result = await session.browse({
        nodeId: node,
        browseDirection: BrowseDirection.Forward,
        referenceTypeId: 'HierarchicalReferences',
        includeSubtypes: true,
        nodeClassMask: makeNodeClassMask('Object | Variable'),
        resultMask: 63,
      });
      const code = codeOfStatus(result.statusCode.name);
      if (code) return { ok: false, code: code === '1743' ? '1741' : code };
      const references = (result.references ?? []).slice(0, BROWSE_MAX_CHILDREN);
      const variables = references.filter(
        (reference) => Number(reference.nodeClass) === Number(NodeClass.Variable),
      );
      const attributes = variables.length
        ? await session.read(
            variables.flatMap((reference) =>
              [AttributeIds.DataType, AttributeIds.ValueRank, AttributeIds.UserAccessLevel].map(
                (attributeId) => ({
                  nodeId: reference.nodeId,
                  attributeId,
                }),
              ),
            ),
          )
        : [];
      const nodes = references.map((reference): BrowsedNode => {
        const name = reference.displayName.text ?? reference.browseName.name ?? reference.nodeId.toString();
        const browseName = reference.browseName.toString();
        if (Number(reference.nodeClass) !== Number(NodeClass.Variable))
          return {
            name,
            browseName,
            nodeId: reference.nodeId.toString(),
            nodeClass: 'Object',
            hasChildren: true,
          };
        const at = variables.indexOf(reference) * 3;
        const typeId = attributes[at]?.value.value as { namespace?: number; value?: unknown } | undefined;
        const builtIn =
          typeId?.namespace === 0 && typeof typeId.value === 'number' && typeId.value <= 25
            ? typeId.value
            : 0;
        const isArray = Number(attributes[at + 1]?.value.value ?? -1) >= 0;
        const accessLevel = Number(attributes[at + 2]?.value.value ?? 1);
        const readable = (accessLevel & 1) !== 0;
        const writable = (accessLevel & 2) !== 0;
        return {
          name,
          browseName,
          nodeId: reference.nodeId.toString(),
          nodeClass: 'Variable',
          opcuaType: builtIn ? DataType[builtIn] : 'Other',
          dataType: dataTypeForOpcUa(builtIn, isArray),
          isArray,
          access: writable ? (readable ? 'read-write' : 'write-only') : 'read-only',
          hasChildren: false,
        };
      });
      return { ok: true, nodes, truncated: (result.references?.length ?? 0) > BROWSE_MAX_CHILDREN };
    } catch (error) {
      return { ok: false, code: codeOfSessionFailure(error) };
    }
  }
}
