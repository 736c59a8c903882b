import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';

interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
}

/** An app with the platform's error handling and compression, logging into an array tests can wait on. */
async function startApp() {
  const lines: LogLine[] = [];
  const waiters: Array<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text.trim()) continue;
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        for (const waiter of waiters.filter((candidate) => candidate.match(line))) waiter.resolve(line);
      }
      callback();
    },
  });
  const app: FastifyInstance = Fastify({ logger: { level: 'debug', stream } });
  await app.register(errorsPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
  const endless = () => {
    let sent = 0;
    return new Readable({
      read() {
        // Text that does not compress away, so the client sees data at once.
        this.push(Buffer.from(`${Math.random().toString(36)}${(sent += 1)}\n`.repeat(512)));
      },
    });
  };
  app.get('/export', (_request, reply) => reply.type('text/csv').send(endless()));
  app.get('/broken', (_request, reply) => {
    let pushed = false;
    const source = new Readable({
      read() {
        if (pushed) return;
        pushed = true;
        this.push(Buffer.from('x'.repeat(4096)));
        setImmediate(() => source.destroy(new Error('disk read failed')));
      },
    });
    return reply.type('text/csv').send(source);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    port,
    lines,
    waitForLine: (match: (line: LogLine) => boolean) =>
      new Promise<LogLine>((resolve) => {
        const seen = lines.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      }),
  };
}

const mentions = (line: LogLine, text: RegExp) =>
  text.test(line.err?.message ?? '') || text.test(line.msg ?? '');

describe('logging of streamed answers', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('logs a browser leaving during a compressed download below error level', async () => {
    const started = await startApp();
    app = started.app;
    const request = http.get({
      port: started.port,
      host: '127.0.0.1',
      path: '/export',
      headers: { 'accept-encoding': 'gzip' },
    });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    await once(response, 'data');
    request.destroy();
    const line = await started.waitForLine((candidate) => mentions(candidate, /premature close|went away/i));
    expect(line.level).toBeLessThan(40);
    expect(started.lines.filter((candidate) => candidate.level >= 50)).toEqual([]);
  });

  it('still logs a stream that fails on the server at error level', async () => {
    const started = await startApp();
    app = started.app;
    const request = http.get({
      port: started.port,
      host: '127.0.0.1',
      path: '/broken',
      headers: { 'accept-encoding': 'gzip' },
    });
    request.on('error', () => undefined);
    request.on('response', (response) => response.resume().on('error', () => undefined));
    const line = await started.waitForLine((candidate) => mentions(candidate, /disk read failed/));
    expect(line.level).toBe(50);
  });
});
