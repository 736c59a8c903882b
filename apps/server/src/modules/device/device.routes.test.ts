import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@lyyp/contracts';
import { gateways } from '../../db/schema/index.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { closeTestServer, signIn } from './catalogue-test-support.ts';

interface Created {
  sn: string;
  verificationCode: string;
}

interface Device {
  id: string;
  name: string;
  gatewaySn: string;
  ownerAccountId: string;
  groupName: string | null;
  sortNumber: number;
  gatewayStatus: string;
  access: { kind: string; canWrite: boolean };
}

describe.each(databaseVariants())('device paths on $name', (variant) => {
  let server: TestServer;
  let operator: TestClient;
  let developer: TestClient;
  let owner: TestClient;
  let ownerAccount: AccountRow;
  let neighbour: TestClient;
  let neighbourAccount: AccountRow;
  let publishedId: string;
  let draftId: string;

  beforeAll(async () => {
    server = await startTestServer(variant);
    operator = (await signIn(server, 'operation')).client;
    developer = (await signIn(server, 'developer')).client;
    ({ client: owner, account: ownerAccount } = await signIn(server, 'terminal'));
    ({ client: neighbour, account: neighbourAccount } = await signIn(server, 'terminal'));
    publishedId = (
      (await developer.call('POST', '/product/add', { title: 'Heat pump' })).data as { id: string }
    ).id;
    await developer.call('POST', '/product/setPublish', { id: publishedId });
    draftId = ((await developer.call('POST', '/product/add', { title: 'Prototype' })).data as { id: string })
      .id;
  });
  afterAll(async () => closeTestServer(server));

  const newGateways = async (count = 1) =>
    (await operator.call('POST', '/gateway/batchAdd', { count })).data as Created[];
  const bind = async (client: TestClient, gateway: Created, fields: Record<string, string | number> = {}) =>
    client.call('POST', '/equipment/add', {
      name: 'Heat pump 1',
      sn: gateway.sn,
      verificationCode: gateway.verificationCode,
      productId: publishedId,
      ...fields,
    });
  const bound = async (client: TestClient, fields: Record<string, string | number> = {}) => {
    const [gateway] = await newGateways();
    const answer = await bind(client, gateway!, fields);
    expect(answer.code).toBe('200');
    return answer.data as Device;
  };

  describe('binding', () => {
    it('binds a device to a gateway by SN and code; the caller owns both', async () => {
      const [gateway] = await newGateways();
      const answer = await bind(owner, gateway!, {
        groupName: 'Plant A',
        address: '1 Harbour Rd',
        longitude: '121.47',
        latitude: '31.23',
        iccid: '89860012345678901234',
        remark: 'roof',
        factoryDate: '2024-01-31',
        installDate: '2024-03-01',
        warrantyMonths: '24',
        manufacturer: 'LYYP',
        deviceNumber: 'HP-0001',
        sortNumber: '5',
      });
      expect(answer.data).toMatchObject({
        name: 'Heat pump 1',
        gatewaySn: gateway!.sn,
        productId: publishedId,
        ownerAccountId: ownerAccount.id,
        groupName: 'Plant A',
        longitude: 121.47,
        warrantyMonths: 24,
        sortNumber: 5,
        installDate: '2024-03-01',
      });
      const stored = await server.database.db.select().from(gateways).where(eq(gateways.sn, gateway!.sn));
      expect(stored[0]?.ownerAccountId).toBe(ownerAccount.id);
    });

    it('refuses a wrong code, an unknown SN and a gateway already bound', async () => {
      const [gateway] = await newGateways();
      const wrong = gateway!.verificationCode === '000000' ? '111111' : '000000';
      const wrongCode = await bind(owner, { ...gateway!, verificationCode: wrong });
      expect(wrongCode).toMatchObject({ code: '1102', data: { field: 'verificationCode' } });
      // An unknown SN is answered exactly like a wrong code: nobody can probe which SNs exist.
      const unknownSn = await bind(owner, { sn: '999999999998', verificationCode: '123456' });
      expect(unknownSn).toEqual(wrongCode);
      expect((await bind(owner, gateway!)).code).toBe('200');
      expect(await bind(neighbour, gateway!)).toMatchObject({ code: '1515', data: { field: 'sn' } });
    });

    it('locks a gateway after repeated wrong codes, whoever guesses', async () => {
      const [gateway] = await newGateways();
      const wrong = gateway!.verificationCode === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
        const guesser = (await signIn(server, 'terminal')).client;
        expect((await bind(guesser, { ...gateway!, verificationCode: wrong })).code).toBe('1102');
      }
      expect(await bind(owner, gateway!)).toMatchObject({ code: '1128' });
      server.clock.advance(16 * 60_000);
      expect((await bind(owner, gateway!)).code).toBe('200');
    });

    it('counts an unknown SN as a failed attempt of the account', async () => {
      const { client: prober } = await signIn(server, 'terminal');
      for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
        const sn = `9${String(attempt).padStart(11, '7')}`;
        expect((await bind(prober, { sn, verificationCode: '123456' })).code).toBe('1102');
      }
      const [gateway] = await newGateways();
      expect((await bind(prober, gateway!)).code).toBe('1128');
    });

    it('compares at most the limit of parallel verification codes for one gateway', async () => {
      const [gateway] = await newGateways();
      const wrong = gateway!.verificationCode === '000000' ? '111111' : '000000';
      const guessers = await Promise.all(
        Array.from({ length: 4 }, async () => (await signIn(server, 'terminal')).client),
      );
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          bind(guessers[index % guessers.length]!, { ...gateway!, verificationCode: wrong }),
        ),
      );
      const compared = answers.filter((answer) => answer.code === '1102').length;
      expect(compared).toBe(LOGIN_MAX_FAILURES);
      expect(answers.filter((answer) => answer.code === '1128')).toHaveLength(20 - LOGIN_MAX_FAILURES);
    });

    it('binds to published products and to the caller own ones only', async () => {
      const [first, second] = await newGateways(2);
      expect(await bind(owner, first!, { productId: draftId })).toMatchObject({
        code: '1003',
        data: { field: 'productId' },
      });
      expect(await bind(owner, first!, { productId: 'no-such-product' })).toMatchObject({
        code: '1003',
        data: { field: 'productId' },
      });
      expect((await bind(developer, second!, { productId: draftId })).code).toBe('200');
    });

    it('checks every field of §3 and §5 and binds nothing on failure', async () => {
      const [gateway] = await newGateways();
      const cases: Array<[Record<string, string>, string, string | undefined]> = [
        [{ name: 'x'.repeat(26) }, '1137', 'name'],
        [{ name: '' }, '1001', 'name'],
        [{ sn: '12345678901' }, '1002', 'sn'],
        [{ sn: '' }, '1001', 'sn'],
        [{ verificationCode: '12345' }, '1132', 'verificationCode'],
        [{ sortNumber: '0' }, '2827', 'sortNumber'],
        [{ sortNumber: '1.5' }, '2827', 'sortNumber'],
        [{ sortNumber: 'first' }, '2827', 'sortNumber'],
        [{ factoryDate: '1969-12-31' }, '1806', 'factoryDate'],
        [{ factoryDate: '2024-02-30' }, '1002', 'factoryDate'],
        [{ factoryDate: '2024-05-01', installDate: '2024-04-30' }, '1804', 'installDate'],
        [{ iccid: '12ab' }, '1002', 'iccid'],
        [{ remark: 'x'.repeat(21) }, '1137', 'remark'],
        [{ groupName: 'x'.repeat(21) }, '1137', 'groupName'],
        [{ latitude: '200' }, '1143', 'latitude'],
        [{ warrantyMonths: '-1' }, '1002', 'warrantyMonths'],
      ];
      for (const [fields, code, field] of cases) {
        expect(await bind(owner, gateway!, fields), JSON.stringify(fields)).toMatchObject({
          code,
          data: { field },
        });
      }
      expect((await owner.call('POST', '/equipment/query', { keyword: gateway!.sn })).data).toMatchObject({
        total: 0,
      });
    });
  });

  describe('the device list', () => {
    it('sorts by sort number, larger first, then by name, and filters by name, SN, group and status', async () => {
      const { client } = await signIn(server, 'terminal');
      const beta = await bound(client, { name: 'Beta', sortNumber: 3, groupName: 'North' });
      const alpha = await bound(client, { name: 'Alpha', sortNumber: 3, groupName: 'South' });
      const top = await bound(client, { name: 'Zulu', sortNumber: 9, groupName: 'North' });
      const plain = await bound(client, { name: 'Aardvark' });
      await server.database.db
        .update(gateways)
        .set({ status: 'online', signal: 55 })
        .where(eq(gateways.sn, top.gatewaySn));

      const all = (await client.call('POST', '/equipment/query', {})).data as {
        list: Device[];
        total: number;
      };
      expect(all.list.map((device) => device.name)).toEqual(['Zulu', 'Alpha', 'Beta', 'Aardvark']);
      expect(all.list[0]).toMatchObject({
        gatewayStatus: 'online',
        signalBand: 'good',
        productTitle: 'Heat pump',
        access: { kind: 'owner', canWrite: true },
      });
      expect(
        (
          (await client.call('POST', '/equipment/query', { groupName: 'North' })).data as { list: Device[] }
        ).list.map((device) => device.id),
      ).toEqual([top.id, beta.id]);
      expect(
        (
          (await client.call('POST', '/equipment/query', { status: 'online' })).data as { list: Device[] }
        ).list.map((device) => device.id),
      ).toEqual([top.id]);
      expect(
        (
          (await client.call('POST', '/equipment/query', { keyword: 'alp' })).data as { list: Device[] }
        ).list.map((device) => device.id),
      ).toEqual([alpha.id]);
      expect(
        (
          (await client.call('POST', '/equipment/query', { keyword: plain.gatewaySn.slice(2, 10) })).data as {
            list: Device[];
          }
        ).list.map((device) => device.id),
      ).toEqual([plain.id]);
      expect((await client.call('POST', '/equipment/query', { pageSize: 3, page: 2 })).data).toMatchObject({
        total: 4,
        page: 2,
        pageSize: 3,
        list: [{ name: 'Aardvark' }],
      });
      expect((await client.call('POST', '/equipment/groups', {})).data).toEqual(['North', 'South']);
    });

    it('filters by signal band, hardware model and firmware, as the operations centre links them', async () => {
      const { client } = await signIn(server, 'terminal');
      const strong = await bound(client, { name: 'Strong' });
      const edge = await bound(client, { name: 'Edge' });
      const weak = await bound(client, { name: 'Weak' });
      await bound(client, { name: 'Silent' });
      for (const [device, signal, firmware] of [
        [strong, 70, 'v2.1.0'],
        [edge, 69, 'v2.1.0'],
        [weak, 29, 'v1.9.3'],
      ] as const) {
        await server.database.db
          .update(gateways)
          .set({ signal, firmware })
          .where(eq(gateways.sn, device.gatewaySn));
      }
      const names = async (filter: Record<string, string>) =>
        ((await client.call('POST', '/equipment/query', filter)).data as { list: Device[] }).list
          .map((device) => device.name)
          .sort();
      // Band edges where §9 puts them: 70 is very good, 69 good, 29 bad; never reported is unknown.
      expect(await names({ signalBand: 'very-good' })).toEqual(['Strong']);
      expect(await names({ signalBand: 'good' })).toEqual(['Edge']);
      expect(await names({ signalBand: 'fair' })).toEqual([]);
      expect(await names({ signalBand: 'bad' })).toEqual(['Weak']);
      expect(await names({ signalBand: 'unknown' })).toEqual(expect.arrayContaining(['Silent']));
      expect(await names({ signalBand: 'unknown' })).not.toContain('Weak');
      expect(await names({ firmware: 'v2.1.0' })).toEqual(['Edge', 'Strong']);
      expect(await names({ hardwareModelId: 'default', keyword: 'Silent' })).toEqual(['Silent']);
      expect(await names({ hardwareModelId: 'no-such-model' })).toEqual([]);
      // A band that is not one of §9 is refused, not ignored.
      expect((await client.call('POST', '/equipment/query', { signalBand: 'superb' })).code).not.toBe('200');
    });

    it('shows a device with its gateway and product; binding started a configuration push', async () => {
      const device = await bound(owner, { name: 'Detail' });
      const answer = await owner.call('POST', '/equipment/info', { id: device.id });
      expect(answer.data).toMatchObject({
        id: device.id,
        name: 'Detail',
        gateway: { sn: device.gatewaySn, status: 'offline', signalBand: null },
        product: { id: publishedId, title: 'Heat pump', status: 'published' },
        access: { kind: 'owner' },
      });
      expect((answer.data as { gateway: { configSyncState: string } }).gateway.configSyncState).not.toBe(
        'none',
      );
    });
  });

  describe('tenancy', () => {
    it("answers another tenant's device exactly like a missing one", async () => {
      const device = await bound(owner, { name: 'Private' });
      for (const [path, body] of [
        ['/equipment/info', { id: device.id }],
        ['/equipment/edit', { id: device.id, name: 'Taken' }],
        ['/equipment/delete', { id: device.id }],
      ] as const) {
        const foreign = await neighbour.call('POST', path, body);
        expect(foreign, path).toMatchObject({ status: 404, code: '1003' });
        expect(foreign).toEqual(await neighbour.call('POST', path, { ...body, id: 'no-such-device' }));
      }
      expect(
        ((await neighbour.call('POST', '/equipment/query', {})).data as { list: Device[] }).list.map(
          (item) => item.id,
        ),
      ).not.toContain(device.id);
      expect((await owner.call('POST', '/equipment/info', { id: device.id })).data).toMatchObject({
        name: 'Private',
      });
    });

    it('shows a shared device to the account it was shared with, without letting it edit', async () => {
      const device = await bound(owner, { name: 'Shared' });
      await server.catalogue.repositories.devices.grant({
        deviceId: device.id,
        accountId: neighbourAccount.id,
        kind: 'shared',
        canWrite: false,
      });
      const seen = await neighbour.call('POST', '/equipment/info', { id: device.id });
      expect(seen.data).toMatchObject({
        name: 'Shared',
        shared: true,
        access: { kind: 'shared', canWrite: false },
      });
      expect(await neighbour.call('POST', '/equipment/edit', { id: device.id, name: 'Mine' })).toMatchObject({
        status: 403,
        code: '1201',
      });
      expect(await neighbour.call('POST', '/equipment/delete', { id: device.id })).toMatchObject({
        code: '1201',
      });
    });

    it('lets staff see and manage every device, and developers see devices of their products', async () => {
      const device = await bound(owner, { name: 'Watched' });
      expect((await operator.call('POST', '/equipment/info', { id: device.id })).data).toMatchObject({
        access: { kind: 'staff', canWrite: true },
      });
      expect((await developer.call('POST', '/equipment/info', { id: device.id })).data).toMatchObject({
        access: { kind: 'developer', canWrite: false },
      });
      expect(await developer.call('POST', '/equipment/edit', { id: device.id, name: 'Nope' })).toMatchObject({
        code: '1201',
      });
      const { client: otherDeveloper } = await signIn(server, 'developer');
      expect((await otherDeveloper.call('POST', '/equipment/info', { id: device.id })).code).toBe('1003');
      expect(
        (await operator.call('POST', '/equipment/edit', { id: device.id, remark: 'checked' })).data,
      ).toMatchObject({ remark: 'checked' });
    });

    it('needs a session and a device permission code', async () => {
      expect(await new TestClient(server).call('POST', '/equipment/query', {})).toMatchObject({
        code: '1010',
      });
      const { client } = await signIn(server, 'terminal', { auths: 'account:info' });
      expect(await client.call('POST', '/equipment/query', {})).toMatchObject({ status: 403, code: '1201' });
      expect(
        await client.call('POST', '/equipment/add', {
          name: 'x',
          sn: '123456789012',
          verificationCode: '123456',
          productId: publishedId,
        }),
      ).toMatchObject({ code: '1201' });
    });
  });

  describe('editing and unbinding', () => {
    it('edits §3 fields, clears optional ones and keeps the sort number positive', async () => {
      const device = await bound(owner, { name: 'Editable', remark: 'old', sortNumber: 2 });
      const edited = await owner.call('POST', '/equipment/edit', {
        id: device.id,
        name: 'Edited',
        remark: '',
        sortNumber: 7,
        groupName: 'East',
      });
      expect(edited.data).toMatchObject({
        name: 'Edited',
        remark: null,
        sortNumber: 7,
        groupName: 'East',
        gatewaySn: device.gatewaySn,
      });
      expect(await owner.call('POST', '/equipment/edit', { id: device.id, sortNumber: -3 })).toMatchObject({
        code: '2827',
        data: { field: 'sortNumber' },
      });
      // Out-of-range coordinates are refused with their own message, never clamped to the edge.
      const coordinates: Array<[Record<string, unknown>, string, string]> = [
        [{ longitude: 999 }, '1142', 'longitude'],
        [{ longitude: -180.5 }, '1142', 'longitude'],
        [{ latitude: 200 }, '1143', 'latitude'],
        [{ latitude: '-91' }, '1143', 'latitude'],
        [{ longitude: 'east' }, '1002', 'longitude'],
      ];
      for (const [fields, code, field] of coordinates)
        expect(await owner.call('POST', '/equipment/edit', { id: device.id, ...fields })).toMatchObject({
          code,
          data: { field },
        });
      expect(
        await owner.call('POST', '/equipment/edit', { id: device.id, name: 'x'.repeat(26) }),
      ).toMatchObject({ code: '1137', data: { field: 'name' } });
      await owner.call('POST', '/equipment/edit', { id: device.id, factoryDate: '2025-01-01' });
      expect(
        await owner.call('POST', '/equipment/edit', { id: device.id, installDate: '2024-12-31' }),
      ).toMatchObject({ code: '1804', data: { field: 'installDate' } });
      expect((await owner.call('POST', '/equipment/info', { id: device.id })).data).toMatchObject({
        name: 'Edited',
        sortNumber: 7,
        installDate: null,
        longitude: null,
        latitude: null,
      });
    });

    it('unbinds a device and frees its gateway for the next owner', async () => {
      const [gateway] = await newGateways();
      const device = (await bind(owner, gateway!)).data as Device;
      expect((await owner.call('POST', '/equipment/delete', { id: device.id })).code).toBe('200');
      expect((await owner.call('POST', '/equipment/info', { id: device.id })).code).toBe('1003');
      const freed = await server.database.db.select().from(gateways).where(eq(gateways.sn, gateway!.sn));
      expect(freed[0]?.ownerAccountId).toBeNull();
      expect((await bind(neighbour, gateway!)).data).toMatchObject({ ownerAccountId: neighbourAccount.id });
    });
  });
});
