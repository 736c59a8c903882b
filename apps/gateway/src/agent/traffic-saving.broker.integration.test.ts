/**
 * Smart traffic saving with the real agent against a real broker (Mosquitto, `TEST_MQTT_URL`):
 * the test plays the platform over the broker (acknowledges uploads, sends the settings and the
 * viewer hint). Ten idle minutes on the agent's clock stop live uploads; the hint resumes them at
 * once with the history kept meanwhile. A fresh SN per run keeps other tests on the broker apart.
 */
import { randomInt, randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { DEFAULT_GATEWAY_SETTINGS, TRAFFIC_SAVING_IDLE_MS } from '@lyyp/contracts/gateway-ops';
import { downTopic, type DataPayload, type Point, type ReplyPayload } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Conditions } from '../core/testing/conditions.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

const brokerUrl = process.env.TEST_MQTT_URL;

describe.skipIf(!brokerUrl)('smart traffic saving over a real broker', () => {
  const sn = `9${String(randomInt(10 ** 10, 10 ** 11 - 1))}`;
  let harness: AgentHarness;
  let platform: MqttClient;
  const stored: Point[] = [];
  const replies: ReplyPayload[] = [];
  const conditions = new Conditions();

  beforeEach(async () => {
    harness = await createAgentHarness({ manualClock: true });
    platform = await mqtt.connectAsync(brokerUrl!, { clientId: `platform-${sn}`, clean: true });
    platform.on('message', (topic, payload) => {
      const body = JSON.parse(payload.toString('utf8')) as unknown;
      if (topic.endsWith('/up/data')) {
        const data = body as DataPayload;
        stored.push(...data.points);
        void platform.publishAsync(
          downTopic(sn, 'ack'),
          JSON.stringify({ seq: data.seq, stored: data.points.length, duplicates: 0 }),
          { qos: 1 },
        );
      }
      if (topic.endsWith('/up/reply')) replies.push(body as ReplyPayload);
      conditions.check();
    });
    await platform.subscribeAsync(`gw/${sn}/up/+`, { qos: 1 });
  });
  afterEach(async () => {
    await harness.close();
    const pending = conditions.takePending();
    // The retained configuration goes with the test.
    await platform.publishAsync(downTopic(sn, 'config'), Buffer.alloc(0), { qos: 1, retain: true });
    await platform.endAsync();
    if (pending.length > 0) throw new Error(`the test ended waiting for: ${pending.join(', ')}`);
  });

  /** Checked again on every message from the broker and every step the agent reports. */
  const until = (condition: () => boolean, what: string) => conditions.until(condition, what);
  const has = (value: number) => stored.some((point) => point.k === 'heatOutput' && point.v === value);

  it('stops live uploads after ten idle minutes and resumes them at a viewer hint', async () => {
    await platform.publishAsync(downTopic(sn, 'config'), JSON.stringify(harness.config(1)), {
      qos: 1,
      retain: true,
    });
    const agent = await harness.startAgent({
      sn,
      platformUrl: brokerUrl!,
      onActivity: () => conditions.check(),
    });
    await harness.until(() => agent.runtime.version === 1, 'the configuration to run');
    const uuid = randomUUID();
    await platform.publishAsync(
      downTopic(sn, 'cmd'),
      JSON.stringify({
        uuid,
        op: 'settings',
        expiresAt: Date.now() + 3_600_000,
        settings: { ...DEFAULT_GATEWAY_SETTINGS, trafficSaving: true },
      }),
      { qos: 1 },
    );
    await until(() => replies.some((reply) => reply.uuid === uuid), 'the settings reply');
    await harness.cycleWith(agent, 2100);
    await until(() => has(2100), 'live data while watched');

    harness.clock!.advance(TRAFFIC_SAVING_IDLE_MS);
    await harness.cycleWith(agent, 2200);
    await harness.cycleWith(agent, 2300);
    await harness.until(() => agent.buffer.stats().unacknowledged > 0, 'history kept in the buffer');
    // Sending is over and nothing went out: the kept batches are neither on their way nor answered.
    await agent.idle();
    expect(agent.buffer.stats()).toMatchObject({ inFlight: 0 });
    expect(has(2200) || has(2300)).toBe(false);

    await platform.publishAsync(downTopic(sn, 'view'), JSON.stringify({ ts: Date.now() }), { qos: 0 });
    await until(() => has(2200) && has(2300), 'the kept history after the hint');
    await harness.cycleWith(agent, 2400);
    await until(() => has(2400), 'live data again');
  });
});
