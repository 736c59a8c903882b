/**
 * The command line of the edge agent: flags, or the same settings from the environment, checked
 * up front so that a typo gets one clear sentence instead of a stack trace.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SN_LENGTH } from '@lyyp/contracts';

const OPTION_HELP: ReadonlyArray<readonly [flag: string, text: string, variable: string]> = [
  ['--sn <digits>', `gateway serial number, ${SN_LENGTH} digits`, 'GATEWAY_SN'],
  ['--secret <text>', 'gateway secret issued by the platform', 'GATEWAY_SECRET'],
  ['--platform <url>', 'platform MQTT address: mqtt://, mqtts://, ws://, wss://', 'PLATFORM_MQTT_URL'],
  ['--data-dir <path>', 'buffer, commands, configuration (./gateway-data)', 'GATEWAY_DATA_DIR'],
  ['--buffer-mb <n>', 'disk for offline data in MB (256); oldest dropped', 'GATEWAY_BUFFER_MB'],
  ['--simulate', 'serve every configured device from a built-in simulator', ''],
  ['--trace-uploads <file>', 'append every buffered batch to a file (diagnosis)', 'GATEWAY_TRACE_UPLOADS'],
  [
    '--platform-http <url>',
    'platform HTTP address for firmware (http://<mqtt host>:8080)',
    'PLATFORM_HTTP_URL',
  ],
  [
    '--install-hook <cmd>',
    'installs system firmware: <kind> <version> <part>=<file>…',
    'GATEWAY_INSTALL_HOOK',
  ],
  ['--signal <0-100>', 'signal strength to report (a modem reading; 80 with --simulate)', 'GATEWAY_SIGNAL'],
  ['--help', 'show this text', ''],
];

export const USAGE = [
  `Usage: GATEWAY_SECRET=<secret> lyyp-gateway --sn <${SN_LENGTH} digits> --platform mqtt://host:port [options]`,
  '',
  'Options (or the environment variable named on the right):',
  ...OPTION_HELP.map(([flag, text, variable]) =>
    `  ${flag.padEnd(24)}${text.padEnd(58)}${variable}`.trimEnd(),
  ),
  '',
  'Prefer GATEWAY_SECRET to --secret: every user of the machine can read a command line.',
].join('\n');

export interface AgentSettings {
  readonly sn: string;
  readonly secret: string;
  readonly platformUrl: string;
  readonly dataDir: string;
  readonly bufferBytes: number;
  readonly simulate: boolean;
  readonly traceFile: string | null;
  /** Where firmware is downloaded from. */
  readonly platformHttpUrl: string;
  readonly installHook: string | null;
  readonly signal: number | null;
}

export type CommandLine =
  | { readonly kind: 'run'; readonly settings: AgentSettings }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

const PLATFORM_PROTOCOLS = new Set(['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:']);
const DEFAULT_BUFFER_MB = 256;
/** The platform's default HTTP port (PORT of the server). */
const DEFAULT_PLATFORM_HTTP_PORT = 8080;

const fail = (message: string): CommandLine => ({ kind: 'error', message });

const VALUE_FLAGS = new Set([
  '--sn',
  '--secret',
  '--platform',
  '--data-dir',
  '--buffer-mb',
  '--trace-uploads',
  '--platform-http',
  '--install-hook',
  '--signal',
]);

/** `--secret -x` as `--secret=-x`: a generated secret may start with a dash, and it is still the value. */
function joinValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const next = args[index + 1];
    if (VALUE_FLAGS.has(arg) && next !== undefined) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

export function parseCommandLine(args: readonly string[], environment: NodeJS.ProcessEnv): CommandLine {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: joinValues(args),
      strict: true,
      allowPositionals: false,
      options: {
        sn: { type: 'string' },
        secret: { type: 'string' },
        platform: { type: 'string' },
        'data-dir': { type: 'string' },
        'buffer-mb': { type: 'string' },
        simulate: { type: 'boolean' },
        'trace-uploads': { type: 'string' },
        'platform-http': { type: 'string' },
        'install-hook': { type: 'string' },
        signal: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return fail(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  if (values.help) return { kind: 'help' };
  const text = (flag: string, variable: string): string | undefined => {
    const value = values[flag];
    return typeof value === 'string' ? value : environment[variable] || undefined;
  };

  const sn = text('sn', 'GATEWAY_SN')?.trim();
  if (!sn) return fail('the gateway serial number is missing: pass --sn or set GATEWAY_SN');
  if (!new RegExp(`^\\d{${SN_LENGTH}}$`).test(sn))
    return fail(`the serial number must be ${SN_LENGTH} digits, got "${sn}"`);

  const secret = text('secret', 'GATEWAY_SECRET');
  if (!secret) return fail('the gateway secret is missing: pass --secret or set GATEWAY_SECRET');

  const platformUrl = text('platform', 'PLATFORM_MQTT_URL')?.trim();
  if (!platformUrl)
    return fail('the platform address is missing: pass --platform mqtt://host:port or set PLATFORM_MQTT_URL');
  let parsed: URL;
  try {
    parsed = new URL(platformUrl);
  } catch {
    return fail(`the platform address "${platformUrl}" is not a URL; expected mqtt://host:port`);
  }
  if (!PLATFORM_PROTOCOLS.has(parsed.protocol) || !parsed.hostname) {
    return fail(
      `the platform address "${platformUrl}" must start with mqtt://, mqtts://, ws:// or wss:// and name a host`,
    );
  }

  const bufferText = text('buffer-mb', 'GATEWAY_BUFFER_MB');
  const bufferMb = bufferText === undefined ? DEFAULT_BUFFER_MB : Number(bufferText);
  if (!Number.isFinite(bufferMb) || bufferMb <= 0)
    return fail(`--buffer-mb must be a positive number of megabytes, got "${bufferText}"`);

  const httpText = text('platform-http', 'PLATFORM_HTTP_URL')?.trim();
  // By default the platform's HTTP port on the broker's host.
  const platformHttpUrl =
    httpText ?? `http://${parsed.host.replace(/:\d+$/, '')}:${DEFAULT_PLATFORM_HTTP_PORT}`;
  let httpParsed: URL | null;
  try {
    httpParsed = new URL(platformHttpUrl);
  } catch {
    httpParsed = null;
  }
  if (!httpParsed || (httpParsed.protocol !== 'http:' && httpParsed.protocol !== 'https:'))
    return fail(`--platform-http must be an http:// or https:// address, got "${platformHttpUrl}"`);

  const signalText = text('signal', 'GATEWAY_SIGNAL');
  const signal = signalText === undefined ? null : Number(signalText);
  if (signal !== null && !(Number.isInteger(signal) && signal >= 0 && signal <= 100))
    return fail(`--signal must be a whole number from 0 to 100, got "${signalText}"`);

  const traceFile = text('trace-uploads', 'GATEWAY_TRACE_UPLOADS');
  return {
    kind: 'run',
    settings: {
      sn,
      secret,
      platformUrl,
      dataDir: path.resolve(text('data-dir', 'GATEWAY_DATA_DIR') ?? './gateway-data'),
      bufferBytes: Math.round(bufferMb * 1024 * 1024),
      simulate: values.simulate === true,
      traceFile: traceFile ? path.resolve(traceFile) : null,
      platformHttpUrl,
      installHook: text('install-hook', 'GATEWAY_INSTALL_HOOK') ?? null,
      signal,
    },
  };
}
