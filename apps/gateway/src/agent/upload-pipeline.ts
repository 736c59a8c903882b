/**
 * The agent's way to the platform: reported samples become points (the first of each variable
 * since the start marked as a snapshot), points and poll confirmations become batches (1 s or 500
 * points, or the interval the platform's settings ask for), each batch goes to the disk buffer and
 * from there through the forwarder to the platform, which releases it with its acknowledgement.
 * While smart traffic saving stopped the live stream, batches stay in the buffer and go up
 * together every `TRAFFIC_SAVING_HISTORY_UPLOAD_MS`, or at once when someone watches again.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { TRAFFIC_SAVING_HISTORY_UPLOAD_MS } from '@lyyp/contracts/gateway-ops';
import type { ConfigPayload, Point } from '@lyyp/contracts/protocol';
import type { DiskBuffer } from '../buffer/disk-buffer.ts';
import { Forwarder } from '../buffer/forwarder.ts';
import { ChangeFilter } from '../core/change-filter.ts';
import { DEFAULT_BATCH_DELAY_MS, PointBatcher, pointsOf, type Batch } from '../core/point-batcher.ts';
import type { Sample } from '../core/samples.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import type { AgentActivity, GatewayAgentOptions } from './agent-options.ts';
import type { AgentLogger } from './logger.ts';
import type { SettingsRunner } from './settings-runner.ts';

export interface UploadPipelineOptions {
  readonly buffer: DiskBuffer;
  readonly scheduler: Scheduler;
  readonly logger: AgentLogger;
  readonly settings: SettingsRunner;
  readonly batch?: GatewayAgentOptions['batch'];
  readonly upload?: GatewayAgentOptions['upload'];
  readonly traceFile?: string;
  /** The configuration running (its variables' dead zones). */
  readonly runningConfig: () => ConfigPayload | null;
  /** Publishes an `up/data` payload; false when the link is down. */
  readonly send: (payload: Buffer) => boolean;
  readonly linkConnected: () => boolean;
  readonly notify: (activity: AgentActivity) => void;
}

export class UploadPipeline {
  private readonly batcher: PointBatcher;
  private readonly forwarder: Forwarder;
  /** The newest value of each variable (the `previous` of a write's reply). */
  private readonly latest = new Map<string, Point['v']>();
  /** What was reported of each polled variable, across configurations (docs/protocol.md). */
  private readonly reported = new ChangeFilter();
  /** Dead zones of the configuration running, and the configuration they were taken from. */
  private deadZones: { config: ConfigPayload | null; byKey: Map<string, number> } = {
    config: null,
    byKey: new Map(),
  };
  /** Variables a point was sent of since the agent started: the first one of each is a snapshot. */
  private readonly sentSinceStart = new Set<string>();
  private readonly appends = new Set<Promise<unknown>>();
  /** Called on every acknowledgement and disconnection (the graceful stop waits on them). */
  private readonly ackListeners = new Set<() => void>();
  private readonly trace: WriteStream | null;
  /** How long changes are gathered unless the platform's settings say otherwise. */
  private readonly batchDelayMs: number;
  /** While live is stopped: when the kept history goes up next. */
  private historyTimer: TimerHandle | null = null;
  /** Smart traffic saving stopped the live stream (history uploads may still be draining). */
  private liveStopped = false;

  constructor(private readonly options: UploadPipelineOptions) {
    const { logger, scheduler, settings } = options;
    this.batchDelayMs = options.batch?.maxDelayMs ?? DEFAULT_BATCH_DELAY_MS;
    this.trace = options.traceFile ? createWriteStream(options.traceFile, { flags: 'a' }) : null;
    this.trace?.on('error', (error) => logger.log('warn', `upload trace: ${error.message}`));
    this.batcher = new PointBatcher({
      scheduler,
      ...options.batch,
      maxDelayMs: settings.batchDelayMs() ?? this.batchDelayMs,
      onBatch: (batch) => this.store(batch),
    });
    this.forwarder = new Forwarder({
      buffer: options.buffer,
      scheduler,
      ...options.upload,
      send: (payload) => options.send(payload),
      onWarning: (message) => logger.log('warn', message),
    });
  }

  /**
   * A poll cycle's report, with what edge logic computed after it: the agent's own filter decides
   * what is reported, not the poller's, since it carries on across configurations; a complete
   * cycle is confirmed.
   */
  acceptCycle(report: PollReport, computed: readonly Sample[]): void {
    const samples = report.readings.filter((sample) =>
      this.reported.accept(sample, this.deadZoneOf(sample.key)),
    );
    this.collect(pointsOf([...samples, ...computed], report.at));
    if (report.complete)
      this.batcher.confirm({ driver: report.driverKey, t: report.at }, report.pollIntervalMs);
  }

  collect(points: Point[]): void {
    this.batcher.setMaxDelay(this.options.settings.batchDelayMs() ?? this.batchDelayMs);
    this.followViewers();
    for (const point of points) {
      if (point.e === undefined) this.latest.set(point.k, point.v);
      if (this.sentSinceStart.has(point.k)) continue;
      // The first value since the start: the platform stores it only if it is news (docs/protocol.md).
      this.sentSinceStart.add(point.k);
      point.s = true;
    }
    this.batcher.add(points);
  }

  /**
   * Smart traffic saving: holds the live stream once nobody watched for ten minutes (history
   * keeps being buffered and goes up together periodically), resumes it at once when someone
   * watches again. Called on every poll cycle and every viewer hint or command.
   */
  followViewers(): void {
    const stopped = this.options.settings.liveStopped();
    if (stopped === this.liveStopped) return;
    this.liveStopped = stopped;
    if (stopped) {
      this.forwarder.hold();
      this.scheduleHistoryUpload();
      this.options.logger.log('info', 'smart traffic saving: nobody watches, live data stopped');
      return;
    }
    this.cancelHistoryUpload();
    this.forwarder.resume();
    this.options.logger.log('info', 'smart traffic saving: watched again, live data resumed');
  }

  private scheduleHistoryUpload(): void {
    this.cancelHistoryUpload();
    this.historyTimer = this.options.scheduler.setTimeout(() => {
      this.historyTimer = null;
      if (!this.liveStopped) return;
      this.batcher.flush();
      // Once the batch just closed is on disk, everything kept goes up in one round.
      void this.settleAppends().then(() => {
        if (this.liveStopped) this.forwarder.drain();
      });
      this.scheduleHistoryUpload();
    }, TRAFFIC_SAVING_HISTORY_UPLOAD_MS);
  }

  private cancelHistoryUpload(): void {
    if (this.historyTimer) this.options.scheduler.clearTimeout(this.historyTimer);
    this.historyTimer = null;
  }

  /** A value read on demand: the change filter counts it as reported from now on. */
  rememberReported(sample: Sample): void {
    this.reported.remember(sample);
  }

  latestValue(key: string): Point['v'] | undefined {
    return this.latest.get(key);
  }

  /** Polling stopped: the values held are no longer anyone's newest. */
  forgetLatest(): void {
    this.latest.clear();
  }

  /** Closes the batch being gathered. */
  flush(): void {
    this.batcher.flush();
  }

  connected(): void {
    this.forwarder.connected();
  }

  disconnected(): void {
    this.forwarder.disconnected();
    for (const listener of this.ackListeners) listener();
  }

  acknowledged(seq: number): void {
    this.forwarder.acknowledged(seq);
    for (const listener of this.ackListeners) listener();
  }

  /** The current sending round is done. */
  idle(): Promise<void> {
    return this.forwarder.idle();
  }

  stopSending(): void {
    this.cancelHistoryUpload();
    this.forwarder.stop();
  }

  closeTrace(): Promise<void> {
    return new Promise<void>((resolve) => (this.trace ? this.trace.end(resolve) : resolve()));
  }

  async settleAppends(): Promise<void> {
    while (this.appends.size > 0) await Promise.all([...this.appends]);
  }

  /** Until everything is acknowledged, the link drops, or `timeoutMs` passed. */
  waitForAcknowledgements(timeoutMs: number): Promise<void> {
    const { scheduler, buffer } = this.options;
    const done = () => !this.options.linkConnected() || buffer.stats().unacknowledged === 0;
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        scheduler.clearTimeout(timer);
        this.ackListeners.delete(check);
        resolve();
      };
      const check = () => {
        if (done()) finish();
      };
      const timer = scheduler.setTimeout(finish, timeoutMs);
      this.ackListeners.add(check);
    });
  }

  /**
   * The dead zone of a variable in the configuration running. A new configuration also ends what
   * was reported of variables it no longer has.
   */
  private deadZoneOf(key: string): number {
    const config = this.options.runningConfig();
    if (this.deadZones.config !== config) {
      const variables = config?.model.variables ?? [];
      this.deadZones = {
        config,
        byKey: new Map(variables.map((variable) => [variable.key, variable.deadZone])),
      };
      this.reported.keepOnly(new Set(this.deadZones.byKey.keys()));
    }
    return this.deadZones.byKey.get(key) ?? 0;
  }

  private store({ points, polled: confirmed }: Batch): void {
    const polled = this.confirmationsArriveInTime() ? confirmed : [];
    if (points.length === 0 && polled.length === 0) return;
    const append = this.options.buffer
      .append(points, polled)
      .then((batch) => {
        const traced = polled.length > 0 ? { seq: batch.seq, points, polled } : { seq: batch.seq, points };
        this.trace?.write(`${JSON.stringify(traced)}\n`);
        this.forwarder.pump();
        this.options.notify({ kind: 'buffered', seq: batch.seq, points: points.length });
      })
      .catch((error: unknown) =>
        this.options.logger.log('error', `${points.length} points could not be buffered: ${String(error)}`),
      );
    this.appends.add(append);
    void append.finally(() => this.appends.delete(append));
  }

  /**
   * A poll confirmation says "current now", so it travels only when it can arrive in time: with
   * the link up and nothing in the buffer waiting to go before it. Stored during an outage or
   * behind a backlog, it would fill the buffer and then vouch for values long after the fact.
   */
  private confirmationsArriveInTime(): boolean {
    return (
      this.options.linkConnected() &&
      !this.options.buffer.hasUnsent() &&
      this.options.settings.confirmationsWanted()
    );
  }
}
