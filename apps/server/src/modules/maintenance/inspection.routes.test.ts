import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MAINTENANCE_API_PATHS as PATHS,
  type InspectionPlanInput,
  type InspectionPlanItem,
  type InspectionTaskDetail,
  type InspectionTaskItem,
  type OperationsOverview,
  type WorkOrderDetail,
} from '@lyyp/contracts/maintenance';
import { DEFAULT_MODEL_CAPACITY } from '@lyyp/contracts/hardware';
import { gateways, hardwareModels } from '../../db/schema/index.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { signedIn } from '../alarm/alarm-test-support.ts';
import { createMaintenanceModule } from './index.ts';
import {
  MAINTENANCE_TEST_ENVIRONMENT,
  call,
  expectOk,
  insertAlarmRecord,
  maintenanceFixture,
} from './maintenance-test-support.ts';

const DAY_MS = 24 * 3600 * 1000;

function planFor(deviceId: string, inspectorId: string): InspectionPlanInput {
  return {
    name: 'Boiler room round',
    deviceIds: [deviceId],
    items: [
      { id: 'pressure', name: 'Pressure', kind: 'reading', unit: 'bar', low: 1, high: 3 },
      { id: 'leaks', name: 'No leaks', kind: 'check' },
    ],
    schedule: { frequency: 'daily', utcOffsetMinutes: 480 },
    inspectorIds: [inspectorId],
  };
}

describe.each(databaseVariants())('inspections and the operations centre on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, MAINTENANCE_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  /** A second node over the same database, with the same clock. */
  function anotherNode() {
    return createMaintenanceModule({
      db: server.database.db,
      access: server.catalogue.deviceAccess,
      authorizer: server.catalogue.authorizer,
      accounts: new AccountRepository(server.database.db),
      messages: server.alarms.messages,
      logger: server.app.log,
      now: server.clock.now,
      sweepIntervalMs: 0,
    });
  }

  it('generates each period’s task exactly once across nodes and derives overdue from the time', async () => {
    const f = await maintenanceFixture(server);
    const plan = await expectOk<InspectionPlanItem>(server, f.ownerClient, PATHS.planSave, {
      plan: planFor(f.device.id, f.technician.id),
    });
    expect(plan).toMatchObject({ devices: [{ id: f.device.id }], inspectors: [{ id: f.technician.id }] });
    const tasksOf = async (client = f.technicianClient) =>
      (
        await expectOk<{ list: InspectionTaskItem[] }>(server, client, PATHS.taskList, {
          planId: plan.id,
        })
      ).list;
    // Saving the plan created the current period's task; nodes generating again add nothing.
    expect(await tasksOf()).toHaveLength(1);
    const [one, two] = [anotherNode(), anotherNode()];
    expect(await Promise.all([one.generateDueTasks(), two.generateDueTasks()])).toEqual([0, 0]);

    server.clock.advance(DAY_MS);
    // A day later the sessions have ended; the inspector signs in again.
    const technicianClient = await signedIn(server, f.technician.username!);
    const created = await Promise.all([
      one.generateDueTasks(),
      two.generateDueTasks(),
      one.generateDueTasks(),
    ]);
    const tasks = await tasksOf(technicianClient);
    expect(tasks).toHaveLength(2);
    // Three generations at once on two nodes: the one new task was created by exactly one of them.
    expect(created.reduce((sum, count) => sum + count, 0)).toBe(1);
    // Yesterday's task was never started: overdue, derived from its due time.
    const [today, yesterday] = tasks;
    expect(today).toMatchObject({ state: 'not-started', canAct: true });
    expect(yesterday).toMatchObject({ state: 'overdue' });
    const overdue = await expectOk<{ list: InspectionTaskItem[] }>(server, technicianClient, PATHS.taskList, {
      planId: plan.id,
      state: 'overdue',
    });
    expect(overdue.list.map((task) => task.id)).toEqual([yesterday!.id]);
  });

  it('makes up the periods missed while no node ran, each overdue, and never before the plan', async () => {
    const f = await maintenanceFixture(server);
    const plan = await expectOk<InspectionPlanItem>(server, f.ownerClient, PATHS.planSave, {
      plan: planFor(f.device.id, f.technician.id),
    });
    // Every node is stopped for three days; the first sweep after the restart fills the gap.
    server.clock.advance(3 * DAY_MS);
    // (The other tests' plans share the database, so the first sweep may create theirs too.)
    expect(await anotherNode().generateDueTasks()).toBeGreaterThanOrEqual(3);
    expect(await anotherNode().generateDueTasks()).toBe(0);
    const technicianClient = await signedIn(server, f.technician.username!);
    const { list } = await expectOk<{ list: InspectionTaskItem[] }>(
      server,
      technicianClient,
      PATHS.taskList,
      {
        planId: plan.id,
      },
    );
    // One task per day: the day the plan was saved, two missed days, and today.
    expect(list).toHaveLength(4);
    const starts = list.map((task) => task.periodStart).sort((a, b) => a - b);
    expect(starts.slice(1).map((start, index) => start - starts[index]!)).toEqual([DAY_MS, DAY_MS, DAY_MS]);
    expect(list.filter((task) => task.state === 'overdue')).toHaveLength(3);
    expect(list.filter((task) => task.state === 'not-started')).toHaveLength(1);
  });

  it('records items by the plan’s inspectors, raises a work order for an abnormal one, and finishes abnormal', async () => {
    const f = await maintenanceFixture(server);
    const plan = await expectOk<InspectionPlanItem>(server, f.ownerClient, PATHS.planSave, {
      plan: planFor(f.device.id, f.technician.id),
    });
    const [task] = (
      await expectOk<{ list: InspectionTaskItem[] }>(server, f.technicianClient, PATHS.taskList, {
        planId: plan.id,
      })
    ).list;
    const record = (body: Record<string, unknown>, client = f.technicianClient) =>
      call<InspectionTaskDetail>(server, client, PATHS.taskRecord, { id: task!.id, ...body });

    // Only the plan's inspectors act; the owner sees the task but may not record it.
    expect((await record({ itemId: 'leaks', result: 'normal' }, f.ownerClient)).code).toBe('2412');
    expect((await record({ itemId: 'nothing', result: 'normal' })).code).toBe('2414');
    expect((await call(server, f.technicianClient, PATHS.taskFinish, { id: task!.id })).code).toBe('2411');

    // 4.2 bar is above 3 bar: abnormal whatever was ticked, and a work order is raised.
    const recorded = await record({
      itemId: 'pressure',
      result: 'normal',
      reading: 4.2,
      remark: 'Gauge high',
    });
    expect(recorded.code).toBe('200');
    expect(recorded.data).toMatchObject({ state: 'in-progress', inspectorId: f.technician.id });
    const pressure = recorded.data.results.find((result) => result.itemId === 'pressure');
    expect(pressure).toMatchObject({ result: 'abnormal', reading: 4.2 });
    expect(pressure?.workOrderId).toBeTruthy();
    const order = await expectOk<WorkOrderDetail>(server, f.ownerClient, PATHS.workOrderDetail, {
      id: pressure!.workOrderId,
    });
    expect(order).toMatchObject({ deviceId: f.device.id, state: 'pending', creatorId: f.technician.id });
    expect(order.problem).toContain('Pressure');

    expect((await call(server, f.technicianClient, PATHS.taskFinish, { id: task!.id })).code).toBe('2413');
    await record({ itemId: 'leaks', result: 'normal' });
    const finished = await expectOk<InspectionTaskDetail>(server, f.technicianClient, PATHS.taskFinish, {
      id: task!.id,
      remark: 'Round done',
    });
    expect(finished).toMatchObject({ state: 'finished', result: 'abnormal', remark: 'Round done' });
    expect((await call(server, f.technicianClient, PATHS.taskAbort, { id: task!.id })).code).toBe('2411');

    // Another tenant sees neither the task nor the plan.
    expect((await call(server, f.strangerClient, PATHS.taskDetail, { id: task!.id })).code).toBe('1003');
    expect(await expectOk<unknown[]>(server, f.strangerClient, PATHS.planList, {})).toEqual([]);
  });

  it('refuses plans without what they need and inspectors who cannot see the devices', async () => {
    const f = await maintenanceFixture(server);
    const empty = await call(server, f.ownerClient, PATHS.planSave, {
      plan: { ...planFor(f.device.id, f.technician.id), items: [] },
    });
    expect(empty.code).toBe('2416');
    const badRange = await call(server, f.ownerClient, PATHS.planSave, {
      plan: {
        ...planFor(f.device.id, f.technician.id),
        items: [{ id: 'p', name: 'Pressure', kind: 'reading', low: 5, high: 1 }],
      },
    });
    expect(badRange.code).toBe('2415');
    const blind = await call(server, f.ownerClient, PATHS.planSave, {
      plan: planFor(f.device.id, f.stranger.id),
    });
    expect(blind.code).toBe('2410');
    const foreignDevice = await call(server, f.strangerClient, PATHS.planSave, {
      plan: planFor(f.device.id, f.stranger.id),
    });
    expect(foreignDevice.code).toBe('1003');
  });

  it('sums the caller’s fleet, alarms, work orders and inspections in the overview', async () => {
    const f = await maintenanceFixture(server);
    await server.database.db.insert(hardwareModels).values({
      id: 'eg-200',
      name: 'EG-200',
      capacity: DEFAULT_MODEL_CAPACITY,
      features: { cellular: true, wifi: false, gps: false, baseStation: false, serialPorts: 1, lanPorts: 1 },
    });
    await server.database.db
      .update(gateways)
      .set({
        status: 'online',
        signal: 64,
        hardwareModelId: 'eg-200',
        firmware: '1.2.0',
        rejectedMessages: 3,
      })
      .where(eq(gateways.sn, f.gateway.sn));
    await insertAlarmRecord(server, f.device);
    await expectOk(server, f.ownerClient, PATHS.workOrderCreate, {
      equipmentId: f.device.id,
      problem: 'Check pump',
    });
    // The product's developer sees this one device (operation staff see every test's devices).
    const developerClient = await signedIn(server, f.developer.username!);
    const overview = await expectOk<OperationsOverview>(server, developerClient, PATHS.overview, {});
    expect(overview.fleet).toMatchObject({
      total: 1,
      byStatus: { online: 1, offline: 0 },
      byHardwareModel: [{ label: 'EG-200', count: 1 }],
      byFirmware: [{ key: '1.2.0', count: 1 }],
    });
    expect(overview.signal).toMatchObject({ good: 1, 'very-good': 0 });
    expect(overview.communicationErrors).toEqual([
      {
        sn: f.gateway.sn,
        deviceId: f.device.id,
        deviceName: 'Boiler 1',
        rejectedMessages: 3,
        configSyncFailed: false,
      },
    ]);
    expect(overview.activeAlarms).toBe(1);
    expect(overview.workOrders).toMatchObject({ byState: { pending: 1 }, openByAge: { under1d: 1 } });
    // A terminal account does not hold the operations centre permission by default.
    expect((await call(server, f.technicianClient, PATHS.overview, {})).code).toBe('1201');
    const staff = await expectOk<OperationsOverview>(server, f.dispatcherClient, PATHS.overview, {});
    expect(staff.fleet.total).toBeGreaterThanOrEqual(1);
  });
});
