/**
 * Runs the edge agent until SIGINT or SIGTERM:
 *
 *   GATEWAY_SECRET=s3cret node --import tsx apps/gateway/src/main.ts --sn 100000000001 \
 *     --platform mqtt://127.0.0.1:1883 [--data-dir ./gateway-data] [--simulate]
 *
 * The secret is read from GATEWAY_SECRET (or --secret, which other local users can see).
 *
 * Bad arguments and start-up failures end with one line saying what to fix (exit code 2 for
 * arguments, 1 otherwise). On a signal it stops polling, keeps what it gathered in the buffer,
 * tells the platform it goes offline and closes its files.
 */
import { GatewayAgent, agentVersion } from './agent/gateway-agent.ts';
import { DataDirectoryInUseError } from './agent/data-dir-lock.ts';
import { consoleLogger } from './agent/logger.ts';
import { USAGE, parseCommandLine } from './cli.ts';
import { LAUNCHER_ENV, type LauncherMessage } from './launcher/launcher.ts';
import { RESTART_EXIT_CODE } from './ota/package-slots.ts';

function exitWith(message: string, code: number): never {
  console.error(`✖ ${message}`);
  process.exit(code);
}

const commandLine = parseCommandLine(process.argv.slice(2), process.env);
if (commandLine.kind === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (commandLine.kind === 'error') {
  console.error(`✖ ${commandLine.message}\n  (lyyp-gateway --help lists every option)`);
  process.exit(2);
}
const { settings } = commandLine;

// Run by the launcher (launcher-main.ts): it is told once the platform is reached, which keeps a
// newly installed version, and it starts the trial package when this process exits with 75.
const supervised = process.env[LAUNCHER_ENV] === '1' && typeof process.send === 'function';
let reportedIn = false;
const tellLauncher = (message: LauncherMessage) => process.send?.(message);

let agent: GatewayAgent;
let stopping = false;
try {
  agent = await GatewayAgent.start({
    sn: settings.sn,
    secret: settings.secret,
    platformUrl: settings.platformUrl,
    dataDir: settings.dataDir,
    simulate: settings.simulate,
    buffer: { maxBytes: settings.bufferBytes },
    ...(settings.traceFile ? { traceFile: settings.traceFile } : {}),
    ...(settings.signal !== null ? { signal: settings.signal } : {}),
    ota: {
      downloadBase: settings.platformHttpUrl,
      installHook: settings.installHook,
      supervised,
      restartIntoTrial: () => {
        if (stopping) return;
        stopping = true;
        agent
          .stop()
          .then(() => process.exit(RESTART_EXIT_CODE))
          .catch((error: unknown) => exitWith(`stopping for the new version failed: ${String(error)}`, 1));
      },
    },
    // Under the launcher a restart is a new process, which reads the saved settings afresh.
    ...(supervised
      ? {
          restartProcess: () => {
            if (stopping) return;
            stopping = true;
            agent
              .stop()
              .then(() => process.exit(RESTART_EXIT_CODE))
              .catch((error: unknown) => exitWith(`stopping for the restart failed: ${String(error)}`, 1));
          },
        }
      : {}),
    onActivity: (activity) => {
      if (activity.kind !== 'connected' || reportedIn || !supervised) return;
      reportedIn = true;
      tellLauncher({ kind: 'reported-in' });
    },
    logger: consoleLogger,
  });
} catch (error) {
  if (error instanceof DataDirectoryInUseError)
    exitWith(`${error.message}: stop that agent or choose another --data-dir`, 1);
  const reason = error instanceof Error ? error.message : String(error);
  exitWith(`cannot start the gateway with data directory ${settings.dataDir}: ${reason}`, 1);
}

consoleLogger.log(
  'info',
  `gateway ${settings.sn} version ${agentVersion()} started: command-line platform ${settings.platformUrl}, data ${settings.dataDir}${settings.simulate ? ', simulated devices' : ''}`,
);

const shutDown = (signal: string) => {
  if (stopping) exitWith(`${signal} again: stopping at once`, 1);
  stopping = true;
  consoleLogger.log('info', `${signal}: stopping`);
  const force = setTimeout(() => exitWith('could not stop within 10 s', 1), 10_000);
  force.unref();
  agent
    .stop()
    .then(() => {
      consoleLogger.log('info', 'stopped');
      process.exit(0);
    })
    .catch((error: unknown) => exitWith(`stopping failed: ${String(error)}`, 1));
};
process.on('SIGINT', () => shutDown('SIGINT'));
process.on('SIGTERM', () => shutDown('SIGTERM'));
// A launcher that is gone (killed, crashed) cannot restart or roll back this process, and the one
// started in its place would find the data directory held by this one: stop with it.
if (supervised) process.on('disconnect', () => shutDown('launcher gone'));
