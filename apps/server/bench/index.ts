/**
 * `npm run bench`: runs every benchmark scenario and prints its figures (`BENCH_ONLY=ingest,live`
 * runs only those). Each scenario closes what it opened (platform, broker, database, child
 * processes, connections), so the process ends by itself once the table is printed.
 */
import os from 'node:os';
import { benchFirmware } from './firmware.bench.ts';
import { benchHttp } from './http.bench.ts';
import { benchIngest } from './ingest.bench.ts';
import { benchCommands } from './command.bench.ts';
import { benchGateways } from './gateways.bench.ts';
import { benchLive } from './live.bench.ts';
import { benchHistory } from './history.bench.ts';
import { benchStorage } from './storage.bench.ts';
import { benchReports } from './reports.bench.ts';
import { benchMap } from './map.bench.ts';
import { benchTemplateSync } from './template-sync.bench.ts';
import { benchFrames } from './frames.bench.ts';
import { benchBackfill } from './backfill.bench.ts';
import { printTable, record } from './report.ts';
import { benchScripts } from '../../gateway/bench/scripts.bench.ts';
import { benchFieldProtocols } from '../../gateway/bench/field-protocols.bench.ts';

console.log(
  `# machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
const scenarios = {
  http: benchHttp,
  ingest: benchIngest,
  command: benchCommands,
  live: benchLive,
  history: benchHistory,
  storage: benchStorage,
  reports: benchReports,
  gateways: benchGateways,
  map: benchMap,
  'template-sync': benchTemplateSync,
  scripts: () => benchScripts(record),
  'field-protocols': () => benchFieldProtocols(record),
  firmware: benchFirmware,
  frames: benchFrames,
  backfill: benchBackfill,
};
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
for (const [name, run] of Object.entries(scenarios)) if (!only || only.includes(name)) await run();
printTable();

// Nothing should be left to keep the process alive. If something is (a scenario that forgot to close
// what it opened), say what it is and end with a failure instead of hanging with the memory held.
const leftOpen = setTimeout(() => {
  console.error(`# the benchmark left handles open: ${process.getActiveResourcesInfo().join(', ')}`);
  process.exit(1);
}, 10_000);
leftOpen.unref();
