/**
 * OTA upgrade tasks (docs/ota.md). A task names a firmware and gateways of a product; each gateway
 * gets a step. The rollout (`advance`) runs after a task is created or retried, after each status
 * of a gateway in an open task, after each upgrade report, and on a sweep: it settles what the
 * gateways' reported versions and the silence bound say, then starts the waiting steps of open
 * batches whose gateways qualify (§9, `mayStartUpgrade`) by sending them `down/ota`. Every move is
 * a conditional update, so several nodes may run it at once and a step starts once.
 */
import { CatalogueError } from '@lyyp/contracts';
import type { FirmwareKind } from '@lyyp/contracts/firmware';
import { mayStartUpgrade } from '@lyyp/contracts/gateway';
import {
  OTA_ACTIVE_STATES,
  batchIsOpen,
  deriveStepState,
  deriveTaskState,
  reportedVersionOf,
  type OtaAddBody,
  type OtaFirmwareOptions,
  type OtaGatewayOptions,
  type OtaStep,
  type OtaStepState,
  type OtaTask,
  type OtaTaskDetail,
  type OtaTaskPage,
} from '@lyyp/contracts/ota';
import { downTopic, type OtaOrder, type OtaReport } from '@lyyp/contracts/protocol';
import type { MqttTransport } from '../../mqtt/transport.ts';
import { newId } from '../../lib/ids.ts';
import type { Caller } from '../device/viewer.ts';
import type { ProductService } from '../product/product.service.ts';
import type { FirmwareFacts, OtaRepository, OtaTaskRow, StepWithGateway } from './ota.repository.ts';

/** How often open tasks are looked at without an event (silence bound, gateways that qualify). */
export const OTA_SWEEP_INTERVAL_MS = 30_000;

export interface OtaServiceOptions {
  repository: OtaRepository;
  products: Pick<ProductService, 'requireFor'>;
  transport: Pick<MqttTransport, 'publish'>;
  logger: { warn(object: unknown, message: string): void };
  now: () => number;
}

interface Paging {
  page: number;
  pageSize: number;
}

type AddBody = OtaAddBody & { firstBatch: number };

export class OtaService {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(private readonly options: OtaServiceOptions) {}

  private get repository() {
    return this.options.repository;
  }

  // Choices of the new-task dialog

  /** Firmware a task may name, offered on a product's tab (so only to who may see the product). */
  async firmwareOptions(caller: Caller, productId: string): Promise<OtaFirmwareOptions> {
    await this.options.products.requireFor(caller, 'ota.manage', productId);
    return { list: await this.repository.firmwareOptions() };
  }

  async gatewayOptions(caller: Caller, productId: string): Promise<OtaGatewayOptions> {
    await this.options.products.requireFor(caller, 'ota.manage', productId);
    const list = await this.repository.productGateways(productId);
    return { list: list.map((gateway) => ({ ...gateway, qualifies: mayStartUpgrade(gateway) })) };
  }

  // Tasks

  async add(caller: Caller, body: AddBody): Promise<OtaTaskDetail> {
    const product = await this.options.products.requireFor(caller, 'ota.manage', body.productId);
    const firmware = await this.repository.findFirmware(body.firmwareId);
    if (!firmware) throw new CatalogueError('2733', { field: 'firmwareId' });
    const gateways = await this.repository.productGateways(product.id);
    const chosen = this.choose(body, firmware.kind, gateways);
    if (chosen.length === 0) throw new CatalogueError('2731', { field: 'target' });
    const busy = await this.repository.busySns(chosen.map((gateway) => gateway.sn));
    if (busy.length > 0) throw new CatalogueError('2734', { sn: busy[0]!, field: 'target' });
    const id = newId();
    const at = new Date(this.options.now());
    const firstBatch = body.firstBatch > 0 && body.firstBatch < chosen.length ? body.firstBatch : 0;
    await this.repository.transaction((tx) =>
      tx.insertTask(
        {
          id,
          productId: product.id,
          firmwareId: firmware.id,
          target: body.target,
          fromVersion: body.target === 'version' ? (body.fromVersion ?? null) : null,
          firstBatch,
          createdBy: caller.account.id,
          createdAt: at,
        },
        chosen.map((gateway, index) => ({
          taskId: id,
          sn: gateway.sn,
          batch: firstBatch > 0 && index >= firstBatch ? 2 : 1,
          fromVersion: reportedVersionOf(firmware.kind, gateway),
          updatedAt: at,
        })),
      ),
    );
    await this.advance([id]);
    return this.detail(caller, id);
  }

  private choose(
    body: AddBody,
    kind: FirmwareKind,
    gateways: Awaited<ReturnType<OtaRepository['productGateways']>>,
  ) {
    switch (body.target) {
      case 'all':
        return gateways;
      case 'list': {
        const sns = [...new Set((body.sns ?? []).filter((sn) => sn))];
        if (sns.length === 0) throw new CatalogueError('2737', { field: 'sns' });
        const bySn = new Map(gateways.map((gateway) => [gateway.sn, gateway]));
        const stranger = sns.find((sn) => !bySn.has(sn));
        if (stranger !== undefined) throw new CatalogueError('2732', { sn: stranger, field: 'sns' });
        return sns.map((sn) => bySn.get(sn)!);
      }
      case 'version': {
        const version = body.fromVersion?.trim();
        if (!version) throw new CatalogueError('2738', { field: 'fromVersion' });
        return gateways.filter((gateway) => reportedVersionOf(kind, gateway) === version);
      }
    }
  }

  async list(caller: Caller, productId: string, paging: Paging): Promise<OtaTaskPage> {
    const product = await this.options.products.requireFor(caller, 'ota.manage', productId);
    const { rows, total } = await this.repository.listTasks(
      product.id,
      (paging.page - 1) * paging.pageSize,
      paging.pageSize,
    );
    const firmware = await this.firmwareById(rows);
    const steps = await this.repository.stepsOf(rows.map((row) => row.id));
    return {
      list: rows.map((row) =>
        this.presentTask(
          row,
          firmware.get(row.firmwareId)!,
          steps.filter((step) => step.taskId === row.id),
        ),
      ),
      total,
      page: paging.page,
      pageSize: paging.pageSize,
    };
  }

  async detail(caller: Caller, id: string): Promise<OtaTaskDetail> {
    const task = await this.requireTask(caller, id);
    const firmware = (await this.firmwareById([task])).get(task.firmwareId)!;
    const steps = await this.repository.stepsOf([task.id]);
    return {
      ...this.presentTask(task, firmware, steps),
      steps: steps.map((step) => this.presentStep(step, firmware)),
    };
  }

  /** Failed steps (of one gateway, or all) wait again with the next attempt. */
  async retry(caller: Caller, id: string, sn?: string): Promise<OtaTaskDetail> {
    const task = await this.requireTask(caller, id);
    if (task.cancelledAt) throw new CatalogueError('2735');
    await this.advance([task.id]);
    const firmware = (await this.firmwareById([task])).get(task.firmwareId)!;
    const steps = (await this.repository.stepsOf([task.id])).filter(
      (step) => (!sn || step.sn === sn) && this.derive(step, firmware).state === 'failed',
    );
    if (steps.length === 0) throw new CatalogueError('2736');
    const busy = await this.repository.busySns(steps.map((step) => step.sn));
    if (busy.length > 0) throw new CatalogueError('2734', { sn: busy[0]! });
    const at = new Date(this.options.now());
    for (const step of steps) {
      await this.repository.moveStep(
        { taskId: task.id, sn: step.sn, attempt: step.attempt, from: ['failed'] },
        { state: 'waiting', percent: null, code: null, params: null, attempt: step.attempt + 1, at },
      );
    }
    await this.advance([task.id]);
    return this.detail(caller, id);
  }

  /**
   * Cancels the whole task, or one gateway of it. Steps not yet applying stop; a gateway already
   * downloading is told to stop. A gateway that is applying finishes (its new version counts).
   */
  async cancel(caller: Caller, id: string, sn?: string): Promise<OtaTaskDetail> {
    const task = await this.requireTask(caller, id);
    if (task.cancelledAt) throw new CatalogueError('2735');
    const at = new Date(this.options.now());
    if (!sn) await this.repository.cancelTask(task.id, at);
    const steps = (await this.repository.stepsOf([task.id])).filter((step) => !sn || step.sn === sn);
    if (sn && steps.length === 0) throw new CatalogueError('1003');
    for (const step of steps) {
      if (step.state !== 'waiting' && step.state !== 'downloading' && step.state !== 'verifying') continue;
      const moved = await this.repository.moveStep(
        { taskId: task.id, sn: step.sn, attempt: step.attempt, from: [step.state] },
        { state: 'cancelled', at },
      );
      if (moved && step.state !== 'waiting') {
        await this.send(step.sn, { op: 'cancel', task: task.id, attempt: step.attempt });
      }
    }
    if (sn) await this.advance([task.id]);
    return this.detail(caller, id);
  }

  // Reports from gateways

  /** An `up/ota` report: the step of that attempt moves on; anything else is stale and ignored. */
  async handleReport(sn: string, report: OtaReport): Promise<void> {
    const at = new Date(this.options.now());
    const from: OtaStepState[] =
      report.state === 'succeeded' || report.state === 'failed'
        ? ['waiting', ...OTA_ACTIVE_STATES]
        : [...OTA_ACTIVE_STATES];
    await this.repository.moveStep(
      { taskId: report.task, sn, attempt: report.attempt, from },
      {
        state: report.state,
        percent:
          report.state === 'downloading' ? (report.percent ?? 0) : report.state === 'succeeded' ? 100 : null,
        code: report.state === 'failed' ? (report.code ?? '2743') : null,
        params: report.state === 'failed' ? (report.params ?? null) : null,
        at,
      },
    );
    if (report.state === 'succeeded' || report.state === 'failed') await this.advance([report.task]);
  }

  /** A gateway's status was stored: its open tasks may move on (it reports a version, it qualifies). */
  async handleGatewayStatus(sn: string): Promise<void> {
    const open = await this.repository.openTaskIds(sn);
    if (open.length > 0) await this.advance(open);
  }

  // The rollout

  /** One pass over the tasks (every open task when none are named). */
  async advance(taskIds?: readonly string[]): Promise<void> {
    const ids = taskIds ?? (await this.repository.openTaskIds());
    if (ids.length === 0) return;
    const now = this.options.now();
    const at = new Date(now);
    const tasks = new Map<string, OtaTaskRow>();
    for (const id of ids) {
      const task = await this.repository.findTask(id);
      if (task && !task.cancelledAt) tasks.set(id, task);
    }
    const firmware = await this.firmwareById([...tasks.values()]);
    const allSteps = await this.repository.stepsOf([...tasks.keys()]);
    for (const task of tasks.values()) {
      const target = firmware.get(task.firmwareId)!;
      const steps = allSteps.filter((step) => step.taskId === task.id);
      // Settle what the facts say: a reported version, or silence.
      for (const step of steps) {
        const derived = this.derive(step, target);
        const already = step.state === 'waiting' && reportedVersionOf(target.kind, step) === target.version;
        const next = already ? { state: 'succeeded' as const, code: null, params: null } : derived;
        if (next.state === step.state) continue;
        const moved = await this.repository.moveStep(
          { taskId: task.id, sn: step.sn, attempt: step.attempt, from: [step.state] },
          {
            state: next.state,
            code: next.code,
            params: next.params,
            ...(next.state === 'succeeded' ? { percent: 100 } : {}),
            at,
          },
        );
        if (moved) step.state = next.state;
      }
      // Start what may start.
      for (const step of steps) {
        if (step.state !== 'waiting' || !batchIsOpen(step.batch, steps) || !mayStartUpgrade(step)) continue;
        const started = await this.repository.moveStep(
          { taskId: task.id, sn: step.sn, attempt: step.attempt, from: ['waiting'] },
          { state: 'downloading', percent: 0, code: null, params: null, at },
        );
        if (!started) continue;
        step.state = 'downloading';
        await this.send(step.sn, {
          op: 'start',
          task: task.id,
          attempt: step.attempt,
          kind: target.kind,
          version: target.version,
          files: (await this.repository.filesOf(target.id)).flatMap((file) =>
            file.part ? [{ id: file.id, part: file.part, size: file.size, sha256: file.sha256 }] : [],
          ),
        });
      }
    }
  }

  /** Runs `advance` over every open task now and then, one pass at a time. */
  startSweeping(intervalMs = OTA_SWEEP_INTERVAL_MS): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  sweep(): Promise<void> {
    this.sweeping ??= this.advance()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'upgrade sweep failed'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  async stopSweeping(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  // Helpers

  private async send(sn: string, order: OtaOrder): Promise<void> {
    await this.options.transport.publish(downTopic(sn, 'ota'), JSON.stringify(order), { qos: 1 });
  }

  private async requireTask(caller: Caller, id: string): Promise<OtaTaskRow> {
    const task = await this.repository.findTask(id);
    if (!task) throw new CatalogueError('1003');
    // A task of a product the caller may not see looks missing.
    await this.options.products.requireFor(caller, 'ota.manage', task.productId);
    return task;
  }

  private async firmwareById(
    tasks: ReadonlyArray<{ firmwareId: string }>,
  ): Promise<Map<string, FirmwareFacts>> {
    const rows = await this.repository.firmwareOf([...new Set(tasks.map((task) => task.firmwareId))]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  private derive(step: StepWithGateway, firmware: FirmwareFacts) {
    return deriveStepState(
      { state: step.state, updatedAt: step.updatedAt.getTime(), code: step.code, params: step.params },
      reportedVersionOf(firmware.kind, step),
      firmware.version,
      this.options.now(),
    );
  }

  private presentTask(task: OtaTaskRow, firmware: FirmwareFacts, steps: StepWithGateway[]): OtaTask {
    const states = steps.map((step) => ({ batch: step.batch, state: this.derive(step, firmware).state }));
    const countOf = (wanted: readonly OtaStepState[]) =>
      states.filter((step) => wanted.includes(step.state)).length;
    return {
      id: task.id,
      productId: task.productId,
      firmware,
      target: task.target,
      fromVersion: task.fromVersion,
      firstBatch: task.firstBatch,
      state: deriveTaskState(task.cancelledAt !== null, states),
      counts: {
        total: states.length,
        waiting: countOf(['waiting']),
        active: countOf(OTA_ACTIVE_STATES),
        succeeded: countOf(['succeeded']),
        failed: countOf(['failed']),
        cancelled: countOf(['cancelled']),
      },
      createdAt: task.createdAt.toISOString(),
    };
  }

  private presentStep(step: StepWithGateway, firmware: FirmwareFacts): OtaStep {
    const derived = this.derive(step, firmware);
    return {
      sn: step.sn,
      deviceName: step.deviceName,
      batch: step.batch,
      state: derived.state,
      percent:
        derived.state === 'downloading' ? (step.percent ?? 0) : derived.state === 'succeeded' ? 100 : null,
      code: derived.state === 'failed' ? derived.code : null,
      params: derived.state === 'failed' ? (derived.params ?? null) : null,
      fromVersion: step.fromVersion,
      currentVersion: reportedVersionOf(firmware.kind, step),
      attempt: step.attempt,
      gatewayStatus: step.status,
      signal: step.signal,
      updatedAt: step.updatedAt.toISOString(),
    };
  }
}
