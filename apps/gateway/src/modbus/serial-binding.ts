/**
 * The serial-port binding every serial link of the agent opens its port with: the platform's own
 * binding from `@serialport/bindings-cpp`, with one change. On Unix the binding waits for a port to
 * become readable or writable through a native poller whose callback is not entered as a Node.js
 * callback scope; on Node.js 26 the promise continuations it resolves (the read that follows) then
 * wait for some unrelated timer before they run, and a Modbus answer arrives only when the request
 * has already timed out. Delivering the poller's events from `setImmediate` runs them as an
 * ordinary task, after which Node.js drains the continuations at once, on every Node.js line.
 */
import { autoDetect } from '@serialport/bindings-cpp';

/**
 * The part of a binding the serial streams use, written out here: the library's own declaration
 * lives in a package whose types its `exports` map hides from TypeScript.
 */
interface SerialBinding {
  list(): Promise<unknown[]>;
  open(options: object): Promise<PolledPort>;
}

interface PolledPort {
  readonly poller?: { emit(event: string | symbol, ...args: unknown[]): boolean };
}

const detected = autoDetect() as unknown as SerialBinding;

function deliverPollerEventsAsTasks(port: PolledPort): void {
  const poller = port.poller;
  if (!poller) return;
  const emit = poller.emit.bind(poller);
  poller.emit = (event, ...args) => {
    setImmediate(() => emit(event, ...args));
    return true;
  };
}

export const serialBinding: SerialBinding = {
  list: () => detected.list(),
  async open(options) {
    const port = await detected.open(options);
    deliverPollerEventsAsTasks(port);
    return port;
  },
};
