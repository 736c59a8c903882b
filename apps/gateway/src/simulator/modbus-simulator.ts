/**
 * A Modbus TCP slave on loopback serving a simulated device, for tests, demos and development
 * without hardware. By default it serves the demo boiler and animates it; given another model it
 * serves that model's register map with whatever values the caller sets.
 */
import { createServer } from 'node:net';
import { demoBoilerModel, type DeviceModel } from '@lyyp/contracts/device-model';
import { ServerTCP } from 'modbus-serial';
import { BoilerBehaviour, DEMO_FLAME_TRIPS, type FlameTrips } from './boiler-behaviour.ts';
import { SimulatedDevice } from './simulated-device.ts';

export interface ModbusSimulatorOptions {
  readonly host?: string;
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Answer only this unit id; by default every unit id is answered. */
  readonly unitId?: number;
  /** Model whose register map to serve; the demo boiler when omitted. */
  readonly model?: DeviceModel;
  readonly driverKey?: string;
  /** Animate the demo boiler (default when serving the demo model). */
  readonly animate?: boolean;
  /** How often the animation advances, in ms. */
  readonly tickMs?: number;
  /** Scheduled flame failures of the animated boiler; the demo's by default, null for none. */
  readonly flameTrips?: FlameTrips | null;
}

export interface ModbusSimulator {
  readonly host: string;
  readonly port: number;
  readonly device: SimulatedDevice;
  /** The plant animation, when animated; tests may advance it by hand. */
  readonly behaviour: BoilerBehaviour | null;
  stop(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const BIND_ATTEMPTS = 5;

async function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function listen(
  device: SimulatedDevice,
  host: string,
  port: number,
  unitId: number | undefined,
): Promise<ServerTCP> {
  const server = new ServerTCP(device.serviceVector(), { host, port, ...(unitId ? { unitID: unitId } : {}) });
  // ServerTCP re-emits socket write problems as 'error'; a client going away must not end the process.
  server.on('error', () => undefined);
  server.on('socketError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('serverError', (error) => reject(error ?? new Error('the simulator could not listen')));
  });
  return server;
}

export async function startModbusSimulator(options: ModbusSimulatorOptions = {}): Promise<ModbusSimulator> {
  const host = options.host ?? LOOPBACK;
  const model = options.model ?? demoBoilerModel();
  const device = new SimulatedDevice(model, options.driverKey);
  const behaviour =
    (options.animate ?? !options.model)
      ? new BoilerBehaviour(
          device,
          undefined,
          options.flameTrips === undefined ? DEMO_FLAME_TRIPS : options.flameTrips,
        )
      : null;

  let server: ServerTCP | undefined;
  let port = options.port ?? 0;
  for (let attempt = 0; !server; attempt += 1) {
    // ServerTCP treats port 0 as "default 502", so a free port is found first; another process
    // may take it in between, hence the retries.
    const candidate = port || (await findFreePort(host));
    try {
      server = await listen(device, host, candidate, options.unitId);
      port = candidate;
    } catch (error) {
      if (options.port || attempt + 1 >= BIND_ATTEMPTS) throw error;
    }
  }

  const tickMs = options.tickMs ?? 500;
  let last = Date.now();
  const ticker =
    behaviour && tickMs > 0
      ? setInterval(() => {
          const now = Date.now();
          behaviour.advance((now - last) / 1000);
          last = now;
        }, tickMs)
      : null;
  ticker?.unref();

  const running = server;
  return {
    host,
    port,
    device,
    behaviour,
    stop: () =>
      new Promise<void>((resolve) => {
        if (ticker) clearInterval(ticker);
        running.close(() => resolve());
      }),
  };
}
