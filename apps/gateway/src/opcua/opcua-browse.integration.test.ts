/**
 * Browsing node-opcua's server (a third-party server, started here) through the OPC UA side, as
 * the tag browser does: the Objects folder and folders with data types and access levels from the
 * server; a browse that comes right after the start is served by the session being opened; a
 * server that cannot be reached is said so once an attempt to reach it failed, without waiting
 * for the next planned attempt.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_START_MS, TEST_MS, startAgent, uaModel } from './testing/opcua-agent-harness.ts';
import { OpcUaFixture } from './testing/opcua-fixture.ts';

/** A loopback port nothing listens on (the connection is refused at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('browsing an OPC UA server through the gateway', () => {
  let fixture: OpcUaFixture;
  beforeAll(async () => {
    fixture = await OpcUaFixture.start();
  }, SERVER_START_MS);
  afterAll(async () => {
    await fixture?.stop();
  });

  it(
    'answers a browse asked right after the start through the session being opened',
    async () => {
      const { agent } = startAgent(uaModel(fixture, {}));
      try {
        const runner = agent.runners[0]!;
        expect(runner.status().connected).toBe(false);
        const top = await agent.browse('ua', undefined);
        expect(top.ok && top.nodes.map((node) => node.nodeId)).toContain('ns=1;s=Line1');
        expect(runner.opened).toBe(1);
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );

  it(
    'browses the Objects folder and a folder, with data types and access levels from the server',
    async () => {
      const { agent, observer } = startAgent(uaModel(fixture, {}));
      try {
        await observer.until(() => agent.runners[0]!.status().connected);
        const top = await agent.browse('ua', undefined);
        expect(top.ok && top.nodes.find((node) => node.name === 'Line1')).toMatchObject({
          nodeId: 'ns=1;s=Line1',
          nodeClass: 'Object',
          hasChildren: true,
        });
        const line = await agent.browse('ua', 'ns=1;s=Line1');
        expect(line.ok).toBe(true);
        const nodes = line.ok ? line.nodes : [];
        expect(nodes.find((node) => node.name === 'Double')).toMatchObject({
          nodeId: 'ns=1;s=Line1.Temp',
          nodeClass: 'Variable',
          opcuaType: 'Double',
          dataType: 'double',
          access: 'read-write',
        });
        expect(nodes.find((node) => node.name === 'Array')).toMatchObject({
          isArray: true,
          dataType: 'string',
        });
        expect(nodes.find((node) => node.name === 'Numeric')).toMatchObject({ nodeId: 'ns=1;i=1001' });
        expect(nodes.find((node) => node.name === 'Double')?.browseName).toBe('1:Double');
        expect(nodes).toHaveLength(17);
        // A folder within a folder, and nodes the server lets no one write.
        expect(top.ok && top.nodes.find((node) => node.name === 'Utilities')).toMatchObject({
          nodeId: 'ns=1;s=Utilities',
          nodeClass: 'Object',
        });
        const utilities = await agent.browse('ua', 'ns=1;s=Utilities');
        expect(utilities.ok && utilities.nodes).toEqual([
          {
            name: 'Pump',
            browseName: '1:Pump',
            nodeId: 'ns=1;s=Utilities.Pump',
            nodeClass: 'Object',
            hasChildren: true,
          },
          {
            name: 'Mode',
            browseName: '1:Mode',
            nodeId: 'ns=1;s=Utilities.Mode',
            nodeClass: 'Variable',
            opcuaType: 'Int16',
            dataType: 'short',
            isArray: false,
            access: 'read-only',
            hasChildren: false,
          },
        ]);
        const pump = await agent.browse('ua', 'ns=1;s=Utilities.Pump');
        expect(pump.ok && pump.nodes).toEqual([
          expect.objectContaining({
            name: 'Speed',
            nodeId: 'ns=1;s=Utilities.Pump.Speed',
            opcuaType: 'Float',
            dataType: 'float',
            access: 'read-only',
          }),
        ]);
        expect(await agent.browse('ua', 'ns=1;s=Nope')).toEqual({ ok: false, code: '1741' });
        expect(await agent.browse('other', undefined)).toEqual({ ok: false, code: '1782' });
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );

  it(
    'says a server cannot be reached once an attempt failed, trying again now rather than later',
    async () => {
      const port = await closedPort();
      // The next planned attempt is ten minutes away: only the browse can make one sooner.
      const { agent, observer } = startAgent(
        uaModel(fixture, { endpointUrl: `opc.tcp://127.0.0.1:${port}` }),
        {
          first: 600_000,
          max: 600_000,
        },
      );
      try {
        const runner = agent.runners[0]!;
        expect(await agent.browse('ua', undefined)).toEqual({ ok: false, code: '1744' });
        await observer.until(() => runner.status().failures >= 1, 'the first attempt failed');
        const failures = runner.status().failures;
        expect(await agent.browse('ua', 'ns=1;s=Line1')).toEqual({ ok: false, code: '1744' });
        expect(runner.status().failures).toBe(failures + 1);
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );
});
