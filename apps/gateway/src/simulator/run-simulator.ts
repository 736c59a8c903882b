/**
 * Runs the demo boiler as a Modbus TCP slave until interrupted, for demos and for pointing a
 * gateway or a Modbus tool at it:
 *
 *   npx tsx apps/gateway/src/simulator/run-simulator.ts --port 1502 [--host 127.0.0.1] [--unit 1]
 *
 * Without --port a free port is chosen and printed.
 */
import { parseArgs } from 'node:util';
import { startModbusSimulator } from './modbus-simulator.ts';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '0' },
    unit: { type: 'string' },
  },
});

const simulator = await startModbusSimulator({
  host: values.host,
  port: Number(values.port),
  ...(values.unit ? { unitId: Number(values.unit) } : {}),
});
console.log(`demo boiler listening on ${simulator.host}:${simulator.port}`);

const shutDown = () => {
  void simulator.stop().then(() => process.exit(0));
};
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);
