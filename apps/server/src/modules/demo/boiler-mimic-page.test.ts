import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageFileSchema, type PageFile } from '@lyyp/contracts/designer';
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { databaseVariants, startTestServer, TestClient, type TestServer } from '../../test/test-server.ts';
import { DesignerPageRepository } from '../designer/designer-page.repository.ts';
import { DEMO_ACCOUNTS, DemoService } from './demo.service.ts';

describe.each(databaseVariants())('the demo boiler mimic on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, { ALARM_SWEEP_INTERVAL_MS: '0' });
  });
  afterAll(async () => server.close());

  it('ships the process mimic as the demo product’s start page, opened first on the boiler', async () => {
    const demo = (await new DemoService(server.database.db).ensure())!;
    expect(demo).not.toBeNull();
    const device = (await server.catalogue.repositories.devices.findById(demo.deviceId))!;
    const pages = await new DesignerPageRepository(server.database.db).listForViewers(device.productId);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ title: '锅炉房工艺流程', kind: 'main', isStart: true });

    const user = new TestClient(server);
    expect((await user.login(DEMO_ACCOUNTS.endUser.username, DEMO_ACCOUNTS.endUser.password)).code).toBe(
      '200',
    );
    const list = await user.call('POST', '/equipment/page/list', { equipmentId: demo.deviceId });
    expect(list).toMatchObject({ code: '200', data: [{ id: pages[0]!.id, title: '锅炉房工艺流程' }] });
    const opened = await user.call('POST', '/equipment/page/open', {
      equipmentId: demo.deviceId,
      pageId: pages[0]!.id,
    });
    expect(opened.code).toBe('200');
    const file = opened.data as PageFile;
    expect(file.con).toMatchObject({ id: pages[0]!.id, productId: device.productId, password: '' });
    // The page validates as a saved page and binds only the product's variables.
    const { password: _shown, ...con } = file.con as PageFile['con'] & { hasPassword?: boolean };
    expect(PageFileSchema.safeParse({ ...file, con: { ...con, password: '' } }).success).toBe(true);
    const keys = demoBoilerModel().variables.map((variable) => variable.key);
    expect(file.bind.signals.length).toBeGreaterThan(10);
    for (const signal of file.bind.signals) expect(keys).toContain(signal);
    const types = new Set(file.widgets.map((widget) => widget.widgetType));
    expect(types).toEqual(
      new Set(['ShapeRect', 'UsualText', 'UsualDataText', 'UsualButton', 'ShapeSymbol', 'ShapePipe']),
    );
  });
});
