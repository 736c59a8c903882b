/**
 * `npm run bench`: runs every benchmark scenario and prints its figures. Each scenario closes what
 * it opened (platform, broker, database, child processes, connections), so the process ends by
 * itself once the table is printed.
 */
import os from 'node:os';
import { benchHttp } from './http.bench.ts';
import { benchIngest } from './ingest.bench.ts';
import { benchAlarmIngest } from './alarm-ingest.bench.ts';
import { benchCommands } from './command.bench.ts';
import { benchGateways } from './gateways.bench.ts';
import { benchLive } from './live.bench.ts';
import { benchHistory } from './history.bench.ts';
import { printTable } from './report.ts';

console.log(
  `# machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
await benchHttp();
await benchIngest();
await benchAlarmIngest();
await benchCommands();
await benchLive();
await benchHistory();
await benchGateways();
printTable();

// Nothing should be left to keep the process alive. If something is (a scenario that forgot to close
// what it opened), say what it is and end with a failure instead of hanging with the memory held.
const leftOpen = setTimeout(() => {
  console.error(`# the benchmark left handles open: ${process.getActiveResourcesInfo().join(', ')}`);
  process.exit(1);
}, 10_000);
leftOpen.unref();
