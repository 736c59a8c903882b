/**
 * The gateway's process: the launcher, which runs the agent (`main.ts`, or an upgraded package)
 * as its child with the same command line, and switches to a new version after an upgrade,
 * going back when it does not start (launcher/launcher.ts).
 *
 *   GATEWAY_SECRET=s3cret node --import tsx apps/gateway/src/launcher-main.ts --sn … --platform …
 *
 * GATEWAY_TRIAL_SECONDS sets how long a new version has to reach the platform (120).
 */
import { consoleLogger } from './agent/logger.ts';
import { parseCommandLine } from './cli.ts';
import { DEFAULT_TRIAL_MS, runLauncher } from './launcher/launcher.ts';

const args = process.argv.slice(2);
const commandLine = parseCommandLine(args, process.env);
// Help and bad arguments: the agent itself says what is wrong.
const dataDir = commandLine.kind === 'run' ? commandLine.settings.dataDir : null;
const trialSeconds = Number(process.env.GATEWAY_TRIAL_SECONDS);
const code = await runLauncher({
  dataDir: dataDir ?? process.cwd(),
  args,
  trialMs: Number.isFinite(trialSeconds) && trialSeconds > 0 ? trialSeconds * 1000 : DEFAULT_TRIAL_MS,
  log: (message) => consoleLogger.log('info', `launcher: ${message}`),
});
process.exit(code);
