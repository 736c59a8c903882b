/** Upgrade tasks and their steps: the only code of the OTA module that touches the ORM. */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FirmwareKind } from '@lyyp/contracts/firmware';
import { OTA_ACTIVE_STATES, type OtaStepState } from '@lyyp/contracts/ota';
import type { Database } from '../../db/client.ts';
import {
  devices,
  firmware,
  firmwareFiles,
  gateways,
  otaTaskGateways,
  otaTasks,
} from '../../db/schema/index.ts';

export type OtaTaskRow = typeof otaTasks.$inferSelect;
export type NewOtaTaskRow = typeof otaTasks.$inferInsert;
export type NewOtaStepRow = typeof otaTaskGateways.$inferInsert;

export interface FirmwareFacts {
  id: string;
  name: string;
  kind: FirmwareKind;
  version: string;
}

/** What a task needs to know about one of its gateways. */
export interface GatewayFacts {
  sn: string;
  deviceName: string;
  status: string;
  signal: number | null;
  firmware: string | null;
  systemFirmware: string | null;
}

/** A step with its gateway as it is now. */
export interface StepWithGateway extends GatewayFacts {
  taskId: string;
  batch: number;
  state: OtaStepState;
  percent: number | null;
  code: string | null;
  params: Record<string, string | number> | null;
  fromVersion: string | null;
  attempt: number;
  updatedAt: Date;
}

/** States a step is still going through. */
const OPEN_STATES: OtaStepState[] = ['waiting', ...OTA_ACTIVE_STATES];

const gatewayColumns = {
  sn: gateways.sn,
  deviceName: sql<string>`coalesce(${devices.name}, '')`,
  status: gateways.status,
  signal: gateways.signal,
  firmware: gateways.firmware,
  systemFirmware: gateways.systemFirmware,
};

export class OtaRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: OtaRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new OtaRepository(tx as unknown as Database)));
  }

  /** Gateways bound to devices of the product, by SN. */
  productGateways(productId: string): Promise<GatewayFacts[]> {
    return this.db
      .select(gatewayColumns)
      .from(devices)
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .where(eq(devices.productId, productId))
      .orderBy(asc(gateways.sn));
  }

  firmwareOptions(): Promise<FirmwareFacts[]> {
    return this.db
      .select({ id: firmware.id, name: firmware.name, kind: firmware.kind, version: firmware.version })
      .from(firmware)
      .orderBy(desc(firmware.createdAt), desc(firmware.id));
  }

  async findFirmware(id: string): Promise<FirmwareFacts | undefined> {
    const rows = await this.db
      .select({ id: firmware.id, name: firmware.name, kind: firmware.kind, version: firmware.version })
      .from(firmware)
      .where(eq(firmware.id, id))
      .limit(1);
    return rows[0];
  }

  /** The saved files of a firmware, as a gateway fetches them. */
  filesOf(firmwareId: string) {
    return this.db
      .select({
        id: firmwareFiles.id,
        part: firmwareFiles.part,
        size: firmwareFiles.size,
        sha256: firmwareFiles.sha256,
      })
      .from(firmwareFiles)
      .where(eq(firmwareFiles.firmwareId, firmwareId))
      .orderBy(asc(firmwareFiles.part));
  }

  /** Of these SNs, those with a step still going in a task that was not cancelled. */
  async busySns(sns: readonly string[]): Promise<string[]> {
    if (sns.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ sn: otaTaskGateways.sn })
      .from(otaTaskGateways)
      .innerJoin(otaTasks, eq(otaTasks.id, otaTaskGateways.taskId))
      .where(
        and(
          inArray(otaTaskGateways.sn, [...sns]),
          inArray(otaTaskGateways.state, OPEN_STATES),
          isNull(otaTasks.cancelledAt),
        ),
      );
    return rows.map((row) => row.sn);
  }

  async insertTask(task: NewOtaTaskRow, steps: NewOtaStepRow[]): Promise<void> {
    await this.db.insert(otaTasks).values(task);
    if (steps.length > 0) await this.db.insert(otaTaskGateways).values(steps);
  }

  async listTasks(productId: string, offset: number, limit: number) {
    const where = eq(otaTasks.productId, productId);
    const rows = await this.db
      .select()
      .from(otaTasks)
      .where(where)
      .orderBy(desc(otaTasks.createdAt), desc(otaTasks.id))
      .offset(offset)
      .limit(limit);
    const [counted] = await this.db.select({ total: count() }).from(otaTasks).where(where);
    return { rows, total: counted?.total ?? 0 };
  }

  async findTask(id: string): Promise<OtaTaskRow | undefined> {
    const rows = await this.db.select().from(otaTasks).where(eq(otaTasks.id, id)).limit(1);
    return rows[0];
  }

  async firmwareOf(ids: readonly string[]): Promise<FirmwareFacts[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: firmware.id, name: firmware.name, kind: firmware.kind, version: firmware.version })
      .from(firmware)
      .where(inArray(firmware.id, [...ids]));
  }

  /** Steps of the tasks with their gateways, by task, batch and SN. */
  stepsOf(taskIds: readonly string[]): Promise<StepWithGateway[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        ...gatewayColumns,
        taskId: otaTaskGateways.taskId,
        batch: otaTaskGateways.batch,
        state: otaTaskGateways.state,
        percent: otaTaskGateways.percent,
        code: otaTaskGateways.code,
        params: otaTaskGateways.params,
        fromVersion: otaTaskGateways.fromVersion,
        attempt: otaTaskGateways.attempt,
        updatedAt: otaTaskGateways.updatedAt,
      })
      .from(otaTaskGateways)
      .innerJoin(gateways, eq(gateways.sn, otaTaskGateways.sn))
      .leftJoin(devices, eq(devices.gatewaySn, gateways.sn))
      .where(inArray(otaTaskGateways.taskId, [...taskIds]))
      .orderBy(asc(otaTaskGateways.taskId), asc(otaTaskGateways.batch), asc(otaTaskGateways.sn));
  }

  /** Tasks not cancelled with a step still going (of one gateway, when given). */
  async openTaskIds(sn?: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: otaTaskGateways.taskId })
      .from(otaTaskGateways)
      .innerJoin(otaTasks, eq(otaTasks.id, otaTaskGateways.taskId))
      .where(
        and(
          inArray(otaTaskGateways.state, OPEN_STATES),
          isNull(otaTasks.cancelledAt),
          ...(sn ? [eq(otaTaskGateways.sn, sn)] : []),
        ),
      );
    return rows.map((row) => row.id);
  }

  /**
   * Moves a step from the state it was read in to another, for the attempt it was read in. False
   * when someone else moved it meanwhile (another node, a report, a retry): the condition decides.
   */
  async moveStep(
    key: { taskId: string; sn: string; attempt: number; from: readonly OtaStepState[] },
    to: {
      state: OtaStepState;
      percent?: number | null;
      code?: string | null;
      params?: Record<string, string | number> | null;
      attempt?: number;
      at: Date;
    },
  ): Promise<boolean> {
    const moved = await this.db
      .update(otaTaskGateways)
      .set({
        state: to.state,
        updatedAt: to.at,
        ...(to.percent !== undefined ? { percent: to.percent } : {}),
        ...(to.code !== undefined ? { code: to.code } : {}),
        ...(to.params !== undefined ? { params: to.params } : {}),
        ...(to.attempt !== undefined ? { attempt: to.attempt } : {}),
      })
      .where(
        and(
          eq(otaTaskGateways.taskId, key.taskId),
          eq(otaTaskGateways.sn, key.sn),
          eq(otaTaskGateways.attempt, key.attempt),
          inArray(otaTaskGateways.state, [...key.from]),
        ),
      )
      .returning({ sn: otaTaskGateways.sn });
    return moved.length === 1;
  }

  /** Marks a task cancelled (once); false when it already was. */
  async cancelTask(id: string, at: Date): Promise<boolean> {
    const updated = await this.db
      .update(otaTasks)
      .set({ cancelledAt: at })
      .where(and(eq(otaTasks.id, id), isNull(otaTasks.cancelledAt)))
      .returning({ id: otaTasks.id });
    return updated.length === 1;
  }
}
