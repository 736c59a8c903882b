/**
 * Report computation on the platform, exactly once per window however many nodes run:
 *
 * - `computeDue()` moves each (report, device) forward over windows closed for
 *   `REPORT_WINDOW_GRACE_MS`, a span at a time (a week when the database aggregates, for up to 50
 *   devices in one statement; else a day per device), each span in one transaction that holds the
 *   progress rows (`FOR UPDATE SKIP LOCKED`: a node never waits for another computing the same
 *   device), stores the rows and advances `computed_until`. A crash rolls the span back; the next
 *   sweep redoes it.
 * - `marksStatement()` (in each ingest commit's own transaction) writes the invalidation log: which
 *   (device, hour) got points, and whether some were late (older than `REPORT_LATE_MARGIN_MS` on
 *   arrival). `markStored()` writes the same on its own, for data stored another way.
 * - `handleDirty()` claims marks (`SKIP LOCKED`), refreshes the hour and day summaries of complete
 *   hours, and computes again the windows of late hours that were computed already, in one
 *   transaction with the progress rows locked. A late mark waits `REPORT_LATE_SETTLE_MS`: a
 *   gateway replaying its buffer marks the same hours upload after upload, and they are handled
 *   once rather than after every sweep (reports read minute summaries for marked hours meanwhile).
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  REPORT_BACKFILL_DAYS,
  REPORT_LATE_MARGIN_MS,
  REPORT_LATE_SETTLE_MS,
  REPORT_WINDOW_GRACE_MS,
} from '@lyyp/contracts/report';
import type { StoredBatch } from '../telemetry/ingest.service.ts';
import {
  compileReport,
  computeWindow,
  windowStartOf,
  type CompiledReport,
  type ComputedRow,
  type Sample,
} from './engine/window-compute.ts';
import {
  markDirtyStatement,
  type DirtyMark,
  type ReportRepository,
  type StoredReport,
} from './report.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Marks handled per transaction. */
const DIRTY_BATCH = 200;
/** Days computed per transaction when the database aggregates (a day when the server does). */
const DATABASE_SPAN_DAYS = 7;
/**
 * Devices a periodic report computes in one statement: hourly windows read an hour summary per
 * hour and variable, shorter ones up to 60 minute summaries, so fewer devices share a statement.
 */
const DEVICES_PER_STATEMENT = { hourly: 50, shorter: 8 };

/** Periodic reports aggregate in the database; change, condition and expression modes in `computeWindow`. */
export function inDatabase(report: CompiledReport): boolean {
  return report.definition.storageMode === 'periodic';
}

export interface ComputationDeps {
  readonly repository: ReportRepository;
  readonly logger: FastifyBaseLogger;
  readonly now: () => number;
}

export interface ComputationResult {
  /** Days (or shorter spans) computed, each in its own transaction. */
  spans: number;
  samples: number;
  rows: number;
}

/** The rows of consecutive windows of `[from, to)`, from the samples of that span in time order. */
export function computeSpan(
  report: CompiledReport,
  from: number,
  to: number,
  before: ReadonlyMap<string, number>,
  samples: readonly Sample[],
): ComputedRow[] {
  const held = new Map(before);
  const rows: ComputedRow[] = [];
  let index = 0;
  while (index < samples.length) {
    const windowStart = windowStartOf(samples[index]!.ts, report.windowMs);
    const windowEnd = Math.min(windowStart + report.windowMs, to);
    const first = index;
    while (index < samples.length && samples[index]!.ts < windowEnd) index += 1;
    const windowSamples = samples.slice(first, index);
    rows.push(...computeWindow(report, Math.max(windowStart, from), held, windowSamples));
    for (const sample of windowSamples) held.set(sample.key, sample.value);
  }
  return rows;
}

/** Which (device, hour) a batch changed, and whether some of its points came late. */
function dirtyMarks(batch: StoredBatch): DirtyMark[] {
  // By device, then hour: no key text is built per point.
  type Mark = { deviceId: string; hour: number; late: boolean };
  const byDevice = new Map<string, Map<number, Mark>>();
  const marks: Mark[] = [];
  const lateBefore = batch.receivedAt - REPORT_LATE_MARGIN_MS;
  for (const point of batch.points) {
    let hours = byDevice.get(point.deviceId);
    if (!hours) byDevice.set(point.deviceId, (hours = new Map<number, Mark>()));
    const hour = Math.floor(point.ts / HOUR_MS) * HOUR_MS;
    const late = point.ts < lateBefore;
    const mark = hours.get(hour);
    if (mark) mark.late ||= late;
    else {
      const created = { deviceId: point.deviceId, hour, late };
      hours.set(hour, created);
      marks.push(created);
    }
  }
  return marks;
}

export class ReportComputationService {
  constructor(private readonly deps: ComputationDeps) {}

  /** The invalidation log of one stored batch (resends too: marking twice is harmless). */
  async markStored(batch: StoredBatch): Promise<void> {
    await this.deps.repository.markDirty(dirtyMarks(batch), batch.receivedAt);
  }

  /** `markStored` as a statement, for ingest to write in the points' own transaction. */
  marksStatement(batch: StoredBatch): SQL | null {
    return markDirtyStatement(dirtyMarks(batch), batch.receivedAt);
  }

  /** Computes every closed window not computed yet, for every enabled report and device. */
  async computeDue(): Promise<ComputationResult> {
    const result: ComputationResult = { spans: 0, samples: 0, rows: 0 };
    const stored = await this.deps.repository.enabledReports();
    for (const report of stored) {
      const compiled = compileReport(report.report);
      const dueUntil = windowStartOf(this.deps.now() - REPORT_WINDOW_GRACE_MS, compiled.windowMs);
      const deviceIds = await this.deps.repository.deviceIdsOfProduct(report.productId);
      // One query skips the devices with nothing due, instead of a transaction each.
      const done = await this.deps.repository.upToDate(report.report.id, report.revision, dueUntil);
      const due = deviceIds.filter((deviceId) => !done.has(deviceId));
      if (inDatabase(compiled)) {
        const size =
          compiled.windowMs === HOUR_MS ? DEVICES_PER_STATEMENT.hourly : DEVICES_PER_STATEMENT.shorter;
        for (let index = 0; index < due.length; index += size)
          await this.computeDevices(report, compiled, due.slice(index, index + size), dueUntil, result);
      } else
        for (const deviceId of due) await this.computeDevice(report, compiled, deviceId, dueUntil, result);
    }
    return result;
  }

  /** The first window a device's report starts from: its oldest data, at most the backfill ago. */
  private startOf(compiled: CompiledReport, earliest: number | null | undefined, dueUntil: number) {
    const from = Math.max(earliest ?? dueUntil, this.deps.now() - REPORT_BACKFILL_DAYS * DAY_MS);
    return windowStartOf(from, compiled.windowMs);
  }

  /**
   * A periodic report for several devices at once: each transaction locks their progress rows
   * (skipping those another node holds) and computes a span for every group of devices that stand
   * at the same point in one statement, so a fleet is a few statements per week, not a few per device.
   */
  private async computeDevices(
    stored: StoredReport,
    compiled: CompiledReport,
    deviceIds: readonly string[],
    dueUntil: number,
    result: ComputationResult,
  ) {
    const repository = this.deps.repository;
    const reportId = stored.report.id;
    const fresh = await repository.withoutProgress(reportId, deviceIds);
    if (fresh.length > 0) {
      const earliest = await repository.earliestDataOf(fresh, compiled.reads);
      for (const deviceId of fresh)
        await repository.startProgress(
          reportId,
          deviceId,
          stored.revision,
          this.startOf(compiled, earliest.get(deviceId), dueUntil),
        );
    }
    for (;;) {
      const more = await repository.transaction(async (tx) => {
        const progress = await tx.lockProgressOf(reportId, deviceIds);
        const groups = new Map<number, string[]>();
        for (const [deviceId, row] of progress) {
          // Written for an older revision: an edit is on its way.
          if (row.revision !== stored.revision || row.computedUntil >= dueUntil) continue;
          groups.set(row.computedUntil, [...(groups.get(row.computedUntil) ?? []), deviceId]);
        }
        let more = false;
        for (const [from, group] of groups) {
          const to = Math.min(dueUntil, windowStartOf(from + DATABASE_SPAN_DAYS * DAY_MS, compiled.windowMs));
          const counted = await tx.computePeriodic(
            reportId,
            group,
            compiled.keys,
            from,
            to,
            compiled.windowMs,
          );
          await tx.advanceProgressOf(reportId, group, to);
          result.spans += 1;
          result.samples += counted.samples;
          result.rows += counted.rows;
          more ||= to < dueUntil;
        }
        return more;
      });
      if (!more) return;
    }
  }

  private async computeDevice(
    stored: StoredReport,
    compiled: CompiledReport,
    deviceId: string,
    dueUntil: number,
    result: ComputationResult,
  ) {
    const repository = this.deps.repository;
    const reportId = stored.report.id;
    for (;;) {
      const done = await repository.transaction(async (tx) => {
        let progress = await tx.lockProgress(reportId, deviceId);
        if (!progress) {
          const earliest = await tx.earliestData(deviceId, compiled.reads);
          await tx.startProgress(
            reportId,
            deviceId,
            stored.revision,
            this.startOf(compiled, earliest, dueUntil),
          );
          progress = await tx.lockProgress(reportId, deviceId);
        }
        // Held by another node, or written for an older revision (an edit is on its way).
        if (!progress || progress.revision !== stored.revision) return true;
        const from = progress.computedUntil;
        if (from >= dueUntil) return true;
        const to = Math.min(dueUntil, windowStartOf(from + DAY_MS, compiled.windowMs));
        const counted = await this.recompute(tx, compiled, deviceId, from, to);
        await tx.advanceProgress(reportId, deviceId, to);
        result.spans += 1;
        result.samples += counted.samples;
        result.rows += counted.rows;
        return to >= dueUntil;
      });
      if (done) return;
    }
  }

  /**
   * Computes the span's windows and replaces its stored rows: periodic reports inside the database
   * (`computePeriodic`, one statement), the event modes from the span's samples (`computeSpan`).
   */
  private async recompute(
    tx: ReportRepository,
    compiled: CompiledReport,
    deviceId: string,
    from: number,
    to: number,
  ): Promise<{ samples: number; rows: number }> {
    if (inDatabase(compiled))
      return tx.computePeriodic(
        compiled.definition.id,
        [deviceId],
        compiled.keys,
        from,
        to,
        compiled.windowMs,
      );
    const [before, samples] = await Promise.all([
      tx.valuesBefore(deviceId, compiled.reads, from),
      tx.samples(deviceId, compiled.reads, from, to),
    ]);
    const rows = computeSpan(compiled, from, to, before, samples);
    await tx.replaceRows(compiled.definition.id, deviceId, from, to, rows);
    return { samples: samples.length, rows: rows.length };
  }

  /**
   * Handles the invalidation log until it holds nothing due, or `most` marks were handled (the
   * periodic sweep's share of the database); answers how many marks it handled.
   */
  async handleDirty(most = Number.POSITIVE_INFINITY): Promise<number> {
    let handled = 0;
    while (handled < most) {
      const count = await this.deps.repository.transaction(async (tx) => {
        const now = this.deps.now();
        const completeBefore = now - REPORT_WINDOW_GRACE_MS - HOUR_MS;
        const marks = await tx.claimDirty(
          completeBefore + 1,
          now - REPORT_LATE_SETTLE_MS,
          Math.min(DIRTY_BATCH, most - handled),
        );
        if (marks.length === 0) return 0;
        const products = await tx.productsOfDevices([...new Set(marks.map((mark) => mark.deviceId))]);
        const reportsByProduct = new Map<string, StoredReport[]>();
        const byDevice = new Map<string, typeof marks>();
        for (const mark of marks) byDevice.set(mark.deviceId, [...(byDevice.get(mark.deviceId) ?? []), mark]);
        // Every claimed complete hour in one statement per level, before late windows read them.
        await tx.refreshSummaries(marks.filter((mark) => mark.hour <= completeBefore));
        for (const [deviceId, deviceMarks] of byDevice) {
          const late = deviceMarks.filter((mark) => mark.late);
          const productId = products.get(deviceId);
          if (late.length > 0 && productId) {
            if (!reportsByProduct.has(productId))
              reportsByProduct.set(productId, await tx.storedReportsOf(productId));
            for (const stored of reportsByProduct.get(productId)!) {
              if (!stored.report.enabled) continue;
              await this.recomputeLate(
                tx,
                stored,
                deviceId,
                late.map((mark) => mark.hour),
              );
            }
          }
        }
        await tx.settleDirty(marks, completeBefore);
        return marks.length;
      });
      handled += count;
      if (count < DIRTY_BATCH) return handled;
    }
    return handled;
  }

  /**
   * Computes again the already computed windows of late hours and of the hour after each (its first
   * increments are taken from the late hour's last values); the rest is computed in turn.
   */
  private async recomputeLate(tx: ReportRepository, stored: StoredReport, deviceId: string, hours: number[]) {
    const progress = await tx.lockProgress(stored.report.id, deviceId, true);
    if (!progress || progress.revision !== stored.revision) return;
    const compiled = compileReport(stored.report);
    const spans: Array<[number, number]> = [];
    for (const hour of [...hours].sort((a, b) => a - b)) {
      const to = Math.min(hour + 2 * HOUR_MS, progress.computedUntil);
      if (hour >= to) continue;
      const last = spans.at(-1);
      if (last && last[1] >= hour) last[1] = Math.max(last[1], to);
      else spans.push([hour, to]);
    }
    for (const [from, to] of spans) await this.recompute(tx, compiled, deviceId, from, to);
  }
}
