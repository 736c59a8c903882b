/**
 * The S7 client's answers to what snap7's server never does (the driver's tests against snap7
 * prove reads and writes): a CPU with PUT/GET off answering every read with error 0x8104, one that
 * takes the transport connection and drops it at the setup, one that stops answering mid-session,
 * and requests beyond the agreed parallel jobs waiting their turn. The peer is scripted from the
 * bytes such CPUs send.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { S7Client } from './s7-client.ts';
import { MessageJoiner, TpktSplitter, connectionConfirm, dataUnit, parseCotp, tpkt } from './s7-iso.ts';
import {
  encodeMessage,
  encodeReadAnswer,
  encodeSetupAnswer,
  parseMessage,
  parseRequestItems,
  ROSCTR,
} from './s7-pdu.ts';
import { S7Failure } from './s7-status.ts';

type Script = (message: ReturnType<typeof parseMessage>, socket: Socket) => void;

let server: Server | null = null;

async function peer(onRequest: Script, options: { setup?: 'drop' } = {}): Promise<number> {
  server = createServer((socket) => {
    const splitter = new TpktSplitter();
    const joiner = new MessageJoiner();
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      for (const frame of splitter.push(chunk)) {
        const unit = parseCotp(frame);
        if (unit.kind === 'CR') socket.write(tpkt(connectionConfirm(unit)));
        if (unit.kind !== 'DT') continue;
        const bytes = joiner.push(unit);
        if (!bytes) continue;
        const message = parseMessage(bytes);
        if (message.param[0] === 0xf0) {
          if (options.setup === 'drop') socket.destroy();
          else
            socket.write(
              tpkt(
                dataUnit(
                  encodeSetupAnswer(message.reference, { jobsCalling: 2, jobsCalled: 2, pduSize: 240 }),
                ),
              ),
            );
        } else onRequest(message, socket);
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

const open = (port: number, timeoutMs = 1000) =>
  S7Client.open({
    host: '127.0.0.1',
    port,
    tsaps: { local: 0x100, remote: 0x101 },
    pduSize: 480,
    timeoutMs,
    patienceMs: 2000,
  });
const DB1 = { area: 'DB' as const, dbNumber: 1, start: 0, length: 2, bit: null };

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function failure(promise: Promise<unknown>): Promise<S7Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof S7Failure)) throw new Error(`expected an S7 failure, got ${String(error)}`);
  return error;
}

describe('S7 client', () => {
  it('takes the smaller PDU size and says PUT/GET is off when the CPU refuses the function', async () => {
    const port = await peer((message, socket) =>
      socket.write(
        tpkt(
          dataUnit(encodeMessage(ROSCTR.ack, message.reference, Buffer.alloc(0), Buffer.alloc(0), 0x8104)),
        ),
      ),
    );
    const client = await open(port);
    try {
      expect(client.pduSize).toBe(240);
      expect((await failure(client.read([DB1]))).code).toBe('1751');
      expect(client.isConnected).toBe(true);
    } finally {
      client.close();
    }
  });

  it('names the rack/slot when the CPU drops the connection at the setup', async () => {
    const port = await peer(() => undefined, { setup: 'drop' });
    expect((await failure(open(port))).code).toBe('1753');
  });

  it('times out a request the CPU never answers and fails the others waiting', async () => {
    let closed = false;
    const port = await peer(() => undefined);
    const client = await open(port, 200);
    client.onClose(() => (closed = true));
    const answers = await Promise.all([0, 1, 2].map(() => failure(client.read([DB1]))));
    expect(answers.map((answer) => answer.code)).toEqual(['1740', '1740', '1754']);
    expect(closed).toBe(true);
    expect((await failure(client.read([DB1]))).code).toBe('1740');
  });

  it('keeps no more requests in flight than the CPU agreed to', async () => {
    const held: { reference: number; socket: Socket }[] = [];
    let most = 0;
    const port = await peer((message, socket) => {
      expect(parseRequestItems(message.param)).toEqual([DB1]);
      held.push({ reference: message.reference, socket });
      most = Math.max(most, held.length);
      // Answers once two are waiting (the agreed jobs), so a third sent early would be seen.
      if (held.length === 2)
        for (const { reference } of held.splice(0))
          socket.write(
            tpkt(
              dataUnit(
                encodeReadAnswer(reference, [
                  { returnCode: 0xff, data: Buffer.from([0, reference]), bit: false },
                ]),
              ),
            ),
          );
    });
    const client = await open(port);
    try {
      const answers = await Promise.all([0, 1, 2, 3].map(() => client.read([DB1])));
      expect(answers.map(([answer]) => answer?.data[1])).toEqual([1, 2, 3, 4]);
      expect(most).toBe(2);
    } finally {
      client.close();
    }
  });
});
