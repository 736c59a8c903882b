/** `npm run bench`: runs every benchmark scenario and prints its figures. */
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
