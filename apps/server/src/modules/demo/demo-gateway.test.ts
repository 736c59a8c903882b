import { EventEmitter } from 'node:events';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DemoGatewayProcess } from './demo-gateway.ts';

const PLATFORM_ENVIRONMENT = {
  PATH: '/usr/bin',
  HOME: '/home/platform',
  MQTT_URL: 'mqtt://platform:broker-superuser-pw@broker.example:1883',
  DATABASE_URL: 'postgres://lyyp:db-pw@db.example/lyyp',
  ADMIN_PASSWORD: 'Admin#Pass1',
};

describe('the demo gateway process', () => {
  it('gets its secret in its own environment, and no secret on its command line', () => {
    const spawned: Array<{ args: readonly string[]; options: SpawnOptions }> = [];
    const gateway = { sn: '100000000042', secret: 'demo-gateway-secret-value', deviceId: 'device-1' };
    const demo = new DemoGatewayProcess(
      gateway,
      PLATFORM_ENVIRONMENT.MQTT_URL,
      '/tmp/demo-gateway',
      pino({ level: 'silent' }),
      (_command, args, options) => {
        spawned.push({ args, options });
        return Object.assign(new EventEmitter(), { stdout: null, stderr: null }) as unknown as ChildProcess;
      },
      PLATFORM_ENVIRONMENT,
    );
    demo.start();

    expect(spawned).toHaveLength(1);
    const { args, options } = spawned[0]!;
    const commandLine = args.join(' ');
    expect(commandLine).not.toContain(gateway.secret);
    expect(commandLine).not.toContain('broker-superuser-pw');
    expect(commandLine).not.toContain('platform:');
    expect(args).not.toContain('--secret');
    expect(args[args.indexOf('--platform') + 1]).toBe('mqtt://broker.example:1883');
    expect(args[args.indexOf('--sn') + 1]).toBe(gateway.sn);

    expect(options.env).toMatchObject({ GATEWAY_SECRET: gateway.secret, PATH: '/usr/bin' });
    // None of the platform's own secrets reach the child.
    expect(Object.values(options.env ?? {}).join(' ')).not.toMatch(/broker-superuser-pw|db-pw|Admin#Pass1/);
  });
});
