/**
 * The benchmarks' realistic fleet: one product (the demo boiler), one end user owning every device,
 * and N gateways each bound to its own device, written in bulk; plus the child process that plays
 * the gateways (`fleet-process.ts`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { alarmRuleSchema } from '@lyyp/contracts/alarm';
import type { Database } from '../src/db/client.ts';
import { alarmRuleStates, devices, gateways } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { AlarmRepository } from '../src/modules/alarm/alarm.repository.ts';
import { buildAccount, buildProduct } from '../src/test/factories.ts';
import {
  ALARM_DEAD_BAND,
  ALARM_LIMIT,
  type FleetGateway,
  type FleetOrder,
  type FleetReply,
} from './fleet-plan.ts';

/** Numeric variables of the demo boiler the fleet uploads. */
export const FLEET_KEYS = [
  'waterTemperature',
  'returnTemperature',
  'steamPressure',
  'flameIntensity',
  'heatOutput',
] as const;

export interface Fleet {
  readonly productId: string;
  readonly owner: { id: string; username: string };
  readonly gateways: FleetGateway[];
}

export async function buildFleet(db: Database, count: number): Promise<Fleet> {
  const developer = await buildAccount(db, 'developer');
  const owner = await buildAccount(db, 'terminal');
  const product = await buildProduct(db, developer.id);
  const fleet: FleetGateway[] = Array.from({ length: count }, (_, index) => ({
    sn: String(100_000_000_000 + index * 7919 + Math.floor(Math.random() * 7000)),
    secret: randomBytes(12).toString('base64url'),
    deviceId: newId(),
  }));
  for (let start = 0; start < fleet.length; start += 500) {
    const chunk = fleet.slice(start, start + 500);
    await db
      .insert(gateways)
      .values(chunk.map((item) => ({ sn: item.sn, verificationCode: '123456', secret: item.secret })));
    await db.insert(devices).values(
      chunk.map((item, index) => ({
        id: item.deviceId,
        name: `Boiler ${start + index + 1}`,
        gatewaySn: item.sn,
        productId: product.id,
        ownerAccountId: owner.id,
      })),
    );
  }
  return { productId: product.id, owner: { id: owner.id, username: owner.username! }, gateways: fleet };
}

/** One rule per uploaded variable: value above the limit, with a dead band for the release. */
export async function addAlarmRules(db: Database, productId: string): Promise<void> {
  const alarms = new AlarmRepository(db);
  for (const key of FLEET_KEYS) {
    await alarms.insertRule(
      productId,
      alarmRuleSchema.parse({
        id: newId(),
        name: `${key} high`,
        variableKey: key,
        condition: { operator: 'gt', limit: { kind: 'value', value: ALARM_LIMIT } },
        deadBand: ALARM_DEAD_BAND,
        pushMethods: ['app'],
      }),
    );
  }
  await alarms.bumpRuleSet(productId);
}

/**
 * Deletes the product's alarm rules and their devices' states, as deleting them in the console does
 * (the next flood runs without any rule, and the one after it starts from no state, like the first).
 */
export async function removeAlarmRules(db: Database, productId: string): Promise<void> {
  const alarms = new AlarmRepository(db);
  const rules = await alarms.rulesOf(productId);
  for (const rule of rules) await alarms.deleteRule(productId, rule.id);
  if (rules.length > 0)
    await db.delete(alarmRuleStates).where(
      inArray(
        alarmRuleStates.ruleId,
        rules.map((rule) => rule.id),
      ),
    );
  await alarms.bumpRuleSet(productId);
}

/** The fleet's child process: send it orders, wait for its answers. */
export class FleetProcess {
  private constructor(private readonly child: ChildProcess) {}

  get pid(): number | undefined {
    return this.child.pid;
  }

  static start(): FleetProcess {
    const child = fork(path.join(import.meta.dirname, 'fleet-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new FleetProcess(child);
  }

  ask<T extends FleetReply['type']>(order: FleetOrder, answer: T): Promise<Extract<FleetReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`fleet process exited with ${code}`));
      this.child.once('exit', onExit);
      this.child.once('message', (message: FleetReply) => {
        this.child.off('exit', onExit);
        if (message.type === answer) resolve(message as Extract<FleetReply, { type: T }>);
        else reject(new Error(message.type === 'failed' ? message.message : `unexpected ${message.type}`));
      });
      this.child.send(order);
    });
  }

  /** Closes every connection and waits for the process to end. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies FleetOrder);
    const timer = setTimeout(() => this.child.kill(), 30_000);
    await exited;
    clearTimeout(timer);
  }
}
