/**
 * The platform's event bus: what changed (values, gateway status, command results, configuration
 * sync) fans out to live subscribers. In one process it is an in-memory emitter; several nodes share
 * it through Redis (BUS_URL).
 */
import { EventEmitter } from 'node:events';
import type { AlarmRecord, Message } from '@lyyp/contracts/alarm';
import type { GatewayStatus } from '@lyyp/contracts/protocol';
import type { StoredValue } from '../db/schema/index.ts';

export interface ValuePoint {
  key: string;
  ts: number;
  value: StoredValue;
  error: string | null;
}

export interface BusEvents {
  values: { deviceId: string; points: ValuePoint[] };
  /** Variables a gateway confirmed unchanged by a successful poll. */
  fresh: { deviceId: string; keys: string[]; at: number };
  gatewayStatus: {
    sn: string;
    deviceId: string | null;
    status: GatewayStatus;
    signal: number | null;
    at: number;
  };
  command: { uuid: string; deviceId: string; status: 'pending' | 'success' | 'failure'; code: string | null };
  configSync: {
    sn: string;
    deviceId: string | null;
    state: 'none' | 'syncing' | 'complete' | 'failed';
    version: number;
  };
  /** An alarm record was raised, released or acknowledged (the console shows it at once). */
  alarm: { deviceId: string; event: 'raised' | 'released' | 'acknowledged'; record: AlarmRecord };
  /** An account lost its access to a device (a share or an authorisation revoked): its live subscriptions end. */
  accessRevoked: { deviceId: string; accountId: string };
  /**
   * Sessions or rights of accounts changed (signed out, password changed, disabled, deleted, a role
   * or dealer certification changed): every node checks those accounts' open live connections at
   * once, closing those whose session ended and re-authorising the subscriptions of the others.
   */
  accountChanged: { accountIds: string[]; reason: AccountChangeReason };
  /** A message for one account (in-app alarm push, expiry reminder); `speak`: a voice announcement. */
  notice: { accountId: string; message: Message; speak: boolean };
}

export type BusChannel = keyof BusEvents;

/** Why accounts' sessions or rights changed (for the logs; every reason is handled alike). */
export type AccountChangeReason =
  | 'signed-out'
  | 'replaced'
  | 'revoked'
  | 'password'
  | 'disabled'
  | 'deleted'
  | 'role'
  | 'dealer'
  | 'certification';

export interface Bus {
  publish<C extends BusChannel>(channel: C, event: BusEvents[C]): void;
  subscribe<C extends BusChannel>(channel: C, handler: (event: BusEvents[C]) => void): () => void;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every live browser connection subscribes; the default warning at 10 listeners is noise here.
    this.emitter.setMaxListeners(0);
  }

  publish<C extends BusChannel>(channel: C, event: BusEvents[C]): void {
    this.emitter.emit(channel, event);
  }

  subscribe<C extends BusChannel>(channel: C, handler: (event: BusEvents[C]) => void): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}
