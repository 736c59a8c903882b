/**
 * Serves a simulated device as a Modbus RTU slave on a serial port: the same service vector as the
 * TCP simulator, so the same register map, exceptions and silence answer over a serial line. On a
 * real port it stands in for a controller on the bus; on a pseudo-terminal it lets tests run the
 * gateway's serial links without hardware.
 *
 * `ServerSerial` ends a request frame after 30 ms of line silence, so every answer takes at least
 * that long: keep slave timeouts well above it. It opens the port with 8 data bits and 1 stop bit.
 */
import type { Parity } from '@lyyp/contracts/device-model';
import { ServerSerial } from 'modbus-serial';
import { serialBinding } from '../modbus/serial-binding.ts';
import type { SimulatedDevice } from './simulated-device.ts';

export interface ModbusRtuServerOptions {
  /** The serial device to listen on, e.g. /dev/ttyUSB0 or one end of a pty pair. */
  readonly path: string;
  readonly baudRate?: number;
  readonly parity?: Parity;
  /** Answer only this slave id; every id is answered by default. */
  readonly unitId?: number;
}

export interface ModbusRtuServer {
  readonly path: string;
  /** Closes the port. Requests the device left unanswered (silent) are abandoned. */
  stop(): Promise<void>;
}

const DEFAULT_BAUD_RATE = 9600;

export function serveModbusRtu(
  device: SimulatedDevice,
  options: ModbusRtuServerOptions,
): Promise<ModbusRtuServer> {
  return new Promise((resolve, reject) => {
    const server = new ServerSerial(device.serviceVector(), {
      path: options.path,
      baudRate: options.baudRate ?? DEFAULT_BAUD_RATE,
      parity: options.parity ?? 'none',
      binding: serialBinding,
      ...(options.unitId ? { unitID: options.unitId } : {}),
      // Without this callback an open failure would surface as an unhandled 'error' event.
      openCallback: (error: Error | null) => {
        if (error) reject(new Error(`cannot open ${options.path}: ${error.message}`, { cause: error }));
      },
    });
    // A line problem must not end the process that hosts the simulator.
    server.on('error', () => undefined);
    server.on('socketError', () => undefined);
    server.on('initialized', () =>
      resolve({
        path: options.path,
        stop: () =>
          new Promise<void>((done) => {
            // The port may already be gone (the other end of a pty closed): nothing left to close.
            server.close(() => done());
          }),
      }),
    );
  });
}
