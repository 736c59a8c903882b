import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE, parseCommandLine } from './cli.ts';

const valid = ['--sn', '100000000001', '--secret', 's3cret', '--platform', 'mqtt://127.0.0.1:1883'];

describe('command line', () => {
  it('takes flags, with defaults for the data directory and buffer size', () => {
    expect(parseCommandLine([...valid, '--simulate'], {})).toEqual({
      kind: 'run',
      settings: {
        sn: '100000000001',
        secret: 's3cret',
        platformUrl: 'mqtt://127.0.0.1:1883',
        dataDir: path.resolve('gateway-data'),
        bufferBytes: 256 * 1024 * 1024,
        simulate: true,
        traceFile: null,
        platformHttpUrl: 'http://127.0.0.1:8080',
        installHook: null,
        signal: null,
      },
    });
  });

  it('takes the firmware download address, the install hook and a signal reading', () => {
    const parsed = parseCommandLine(
      [
        ...valid,
        '--platform-http',
        'https://iot.example',
        '--install-hook',
        '/usr/sbin/flash',
        '--signal',
        '72',
      ],
      {},
    );
    expect(parsed).toMatchObject({
      kind: 'run',
      settings: { platformHttpUrl: 'https://iot.example', installHook: '/usr/sbin/flash', signal: 72 },
    });
    const problem = (args: string[]) => {
      const answer = parseCommandLine([...valid, ...args], {});
      return answer.kind === 'error' ? answer.message : answer.kind;
    };
    expect(problem(['--platform-http', 'ftp://h'])).toContain('--platform-http');
    expect(problem(['--signal', '101'])).toContain('--signal');
  });

  it('takes a secret that starts with a dash as the value it is', () => {
    const parsed = parseCommandLine(
      ['--sn', '100000000001', '--secret', '-Zx9', '--platform', 'mqtt://h'],
      {},
    );
    expect(parsed).toMatchObject({ kind: 'run', settings: { secret: '-Zx9' } });
    const dashes = parseCommandLine(
      ['--secret', '--Zx9', '--sn', '100000000001', '--platform', 'mqtt://h'],
      {},
    );
    expect(dashes).toMatchObject({ kind: 'run', settings: { secret: '--Zx9' } });
  });

  it('falls back to the environment, flags winning', () => {
    const environment = {
      GATEWAY_SN: '100000000002',
      GATEWAY_SECRET: 'from-env',
      PLATFORM_MQTT_URL: 'mqtts://platform.example:8883',
      GATEWAY_DATA_DIR: '/var/lib/lyyp',
      GATEWAY_BUFFER_MB: '16',
    };
    const parsed = parseCommandLine(['--secret', 'from-flag'], environment);
    expect(parsed).toMatchObject({
      kind: 'run',
      settings: {
        sn: '100000000002',
        secret: 'from-flag',
        platformUrl: 'mqtts://platform.example:8883',
        dataDir: '/var/lib/lyyp',
        bufferBytes: 16 * 1024 * 1024,
        simulate: false,
      },
    });
  });

  it('says what is wrong in one sentence', () => {
    const problem = (args: string[], environment = {}) => {
      const parsed = parseCommandLine(args, environment);
      return parsed.kind === 'error' ? parsed.message : parsed.kind;
    };
    expect(problem([])).toContain('--sn');
    expect(problem(['--sn', '12345', '--secret', 'x', '--platform', 'mqtt://h'])).toContain('12 digits');
    expect(problem(['--sn', '100000000001', '--platform', 'mqtt://h'])).toContain('--secret');
    expect(problem(['--sn', '100000000001', '--secret', 'x'])).toContain('--platform');
    expect(problem(['--sn', '100000000001', '--secret', 'x', '--platform', 'http://h'])).toContain('mqtt://');
    expect(problem(['--sn', '100000000001', '--secret', 'x', '--platform', 'not a url'])).toContain(
      'not a URL',
    );
    expect(problem([...valid, '--buffer-mb', '-1'])).toContain('--buffer-mb');
    expect(problem([...valid, '--colour'])).toContain("Unknown option '--colour'");
    expect(problem(['--help'])).toBe('help');
  });
});

describe('help', () => {
  it('shows the secret passed in the environment, off the command line', () => {
    expect(USAGE.split('\n')[0]).toMatch(/^Usage: GATEWAY_SECRET=<secret> lyyp-gateway --sn/);
    expect(USAGE.split('\n')[0]).not.toContain('--secret');
    expect(USAGE).toContain('Prefer GATEWAY_SECRET to --secret');
  });
});
