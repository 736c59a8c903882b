import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@lyyp/contracts/alarm';
import { MAINTENANCE_API_PATHS as PATHS, type WorkOrderDetail } from '@lyyp/contracts/maintenance';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import {
  MAINTENANCE_TEST_ENVIRONMENT,
  call,
  expectOk,
  insertAlarmRecord,
  maintenanceFixture,
  uploadPhoto,
} from './maintenance-test-support.ts';

async function workOrderMessages(server: TestServer, client: TestClient) {
  const page = await expectOk<{ list: Message[] }>(server, client, '/message/list', { type: 'work-order' });
  return page.list;
}

describe.each(databaseVariants())('work orders on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, MAINTENANCE_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  it('raises an order from an alarm in one click and takes it through dispatch, receive and finish', async () => {
    const f = await maintenanceFixture(server);
    const record = await insertAlarmRecord(server, f.device);
    const order = await expectOk<WorkOrderDetail>(server, f.ownerClient, PATHS.workOrderFromAlarm, {
      alarmRecordId: record.id,
    });
    expect(order).toMatchObject({
      deviceId: f.device.id,
      deviceName: 'Boiler 1',
      alarmRecordId: record.id,
      alarmName: 'High temperature',
      alarmValue: 91,
      alarmAt: record.raisedAt.getTime(),
      problem: 'Water temperature 91 °C above 80 °C',
      state: 'pending',
      creatorId: f.owner.id,
      timeline: [{ kind: 'created' }],
    });
    expect(order.number).toMatch(/^WO-\d{8}-\d{4}$/);
    // The alarm has its open order already.
    const again = await call(server, f.ownerClient, PATHS.workOrderFromAlarm, { alarmRecordId: record.id });
    expect(again).toMatchObject({ code: '2408' });
    expect(again.message).toContain(order.number);

    // Only the assignee receives; a dispatcher needs a repair person who can see the device.
    const notVisible = await call(server, f.dispatcherClient, PATHS.workOrderAct, {
      id: order.id,
      action: 'dispatch',
      assigneeId: f.stranger.id,
    });
    expect(notVisible.code).toBe('2405');
    const dispatched = await expectOk<WorkOrderDetail>(server, f.dispatcherClient, PATHS.workOrderAct, {
      id: order.id,
      action: 'dispatch',
      assigneeId: f.technician.id,
      comment: 'Please look today',
    });
    expect(dispatched).toMatchObject({
      state: 'dispatched',
      assigneeId: f.technician.id,
      actions: ['dispatch', 'end'],
    });
    expect(
      (await call(server, f.ownerClient, PATHS.workOrderAct, { id: order.id, action: 'receive' })).code,
    ).toBe('2402');
    const technicianView = await expectOk<WorkOrderDetail>(
      server,
      f.technicianClient,
      PATHS.workOrderDetail,
      {
        id: order.id,
      },
    );
    expect(technicianView.actions).toEqual(['receive']);
    await expectOk(server, f.technicianClient, PATHS.workOrderAct, { id: order.id, action: 'receive' });
    expect(
      (await call(server, f.technicianClient, PATHS.workOrderAct, { id: order.id, action: 'finish' })).code,
    ).toBe('2406');
    const photo = await uploadPhoto(server, f.technicianClient);
    await expectOk(server, f.technicianClient, PATHS.workOrderComment, {
      id: order.id,
      comment: 'Pump seal worn',
      photos: [photo],
    });
    const finished = await expectOk<WorkOrderDetail>(server, f.technicianClient, PATHS.workOrderAct, {
      id: order.id,
      action: 'finish',
      content: 'Replaced the pump seal',
      photos: [photo],
    });
    expect(finished).toMatchObject({ state: 'finished', content: 'Replaced the pump seal', actions: [] });
    expect(finished.photos).toEqual([{ id: photo, url: `/lyyp/developer/file/${photo}` }]);
    expect(finished.timeline.map((event) => event.kind)).toEqual([
      'created',
      'dispatch',
      'receive',
      'comment',
      'finish',
    ]);
    expect(finished.timeline[1]).toMatchObject({
      comment: 'Please look today',
      assigneeName: f.technician.name,
    });

    // A finished order takes nothing more, whoever asks.
    const late = await call(server, f.dispatcherClient, PATHS.workOrderAct, {
      id: order.id,
      action: 'end',
      comment: 'x',
    });
    expect(late.code).toBe('2401');

    // The assignee was told once; the creator at each change made by someone else.
    const technicianMessages = await workOrderMessages(server, f.technicianClient);
    expect(technicianMessages).toHaveLength(1);
    expect(technicianMessages[0]).toMatchObject({ subject: { kind: 'work-order', id: order.id } });
    // Each reader sees the messages in their own language.
    const creatorMessages = await workOrderMessages(server, f.ownerClient);
    expect(creatorMessages.map((message) => message.title).sort()).toEqual(
      [
        `Work order ${order.number}: Finished`,
        `Work order ${order.number}: Received`,
        `Work order ${order.number}: Dispatched`,
      ].sort(),
    );
    f.ownerClient.language = 'zh-CN';
    const inChinese = await workOrderMessages(server, f.ownerClient);
    f.ownerClient.language = 'en-US';
    expect(inChinese.map((message) => message.title).sort()).toEqual(
      [`工单 ${order.number} 已完成`, `工单 ${order.number} 已接单`, `工单 ${order.number} 已派单`].sort(),
    );
  });

  it('numbers orders one after another within a day, even raised at once', async () => {
    const f = await maintenanceFixture(server);
    const orders = await Promise.all(
      [1, 2, 3, 4].map(() =>
        expectOk<WorkOrderDetail>(server, f.ownerClient, PATHS.workOrderCreate, {
          equipmentId: f.device.id,
          problem: 'Leaking valve',
        }),
      ),
    );
    const numbers = orders.map((order) => order.number);
    expect(new Set(numbers).size).toBe(4);
    const sequences = numbers.map((number) => Number(number.slice(-4))).sort((a, b) => a - b);
    expect(sequences[3]! - sequences[0]!).toBe(3);
  });

  it('answers another tenant’s order exactly like a missing one and keeps it out of their list', async () => {
    const f = await maintenanceFixture(server);
    const order = await expectOk<WorkOrderDetail>(server, f.ownerClient, PATHS.workOrderCreate, {
      equipmentId: f.device.id,
      problem: 'Noisy fan',
    });
    const foreign = await call(server, f.strangerClient, PATHS.workOrderDetail, { id: order.id });
    const missing = await call(server, f.strangerClient, PATHS.workOrderDetail, { id: 'no-such-order' });
    expect(foreign.code).toBe('1003');
    expect({ status: foreign.status, message: foreign.message }).toEqual({
      status: missing.status,
      message: missing.message,
    });
    for (const action of ['dispatch', 'end'] as const) {
      expect((await call(server, f.strangerClient, PATHS.workOrderAct, { id: order.id, action })).code).toBe(
        '1003',
      );
    }
    expect(
      (
        await call(server, f.strangerClient, PATHS.workOrderCreate, {
          equipmentId: f.device.id,
          problem: 'x',
        })
      ).code,
    ).toBe('1003');
    const list = await expectOk<{ total: number }>(server, f.strangerClient, PATHS.workOrderList, {});
    expect(list.total).toBe(0);
    const ownList = await expectOk<{ list: Array<{ id: string }> }>(
      server,
      f.ownerClient,
      PATHS.workOrderList,
      {
        equipmentId: f.device.id,
        keyword: 'Noisy',
      },
    );
    expect(ownList.list.map((item) => item.id)).toEqual([order.id]);
  });

  it('lets the creator end an order early but not the assignee, and refuses photos that are not the caller’s', async () => {
    const f = await maintenanceFixture(server);
    const foreignPhoto = await uploadPhoto(server, f.strangerClient);
    const refused = await call(server, f.ownerClient, PATHS.workOrderCreate, {
      equipmentId: f.device.id,
      problem: 'Broken gauge',
      photos: [foreignPhoto],
    });
    expect(refused.code).toBe('2407');
    const order = await expectOk<WorkOrderDetail>(server, f.ownerClient, PATHS.workOrderCreate, {
      equipmentId: f.device.id,
      problem: 'Broken gauge',
    });
    await expectOk(server, f.dispatcherClient, PATHS.workOrderAct, {
      id: order.id,
      action: 'dispatch',
      assigneeId: f.technician.id,
    });
    const byAssignee = await call(server, f.technicianClient, PATHS.workOrderAct, {
      id: order.id,
      action: 'end',
    });
    expect(byAssignee.code).toBe('2403');
    const ended = await expectOk<WorkOrderDetail>(server, f.ownerClient, PATHS.workOrderAct, {
      id: order.id,
      action: 'end',
      comment: 'Replaced under warranty instead',
    });
    expect(ended.state).toBe('ended');
  });

  it('exports the list as CSV with the caller’s language', async () => {
    const f = await maintenanceFixture(server);
    const order = await expectOk<WorkOrderDetail>(server, f.ownerClient, PATHS.workOrderCreate, {
      equipmentId: f.device.id,
      problem: 'Export me',
    });
    const response = await server.app.inject({
      method: 'POST',
      url: `/lyyp/developer${PATHS.workOrderExport}`,
      headers: {
        'accept-language': 'en-US',
        cookie: [...f.ownerClient.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      payload: { format: 'csv', equipmentId: f.device.id },
    });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).toContain('Number');
    expect(text).toContain(order.number);
    expect(text).toContain('Export me');
    expect(text).toContain('Pending');
  });
});
