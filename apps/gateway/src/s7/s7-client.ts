/**
 * A connection to one S7 controller: TCP, the ISO transport connection (s7-iso.ts), the
 * communication setup, then Read Var and Write Var requests (s7-pdu.ts). Requests are matched to
 * answers by their PDU reference; no more are in flight than the CPU accepted in the setup, the
 * rest wait their turn. Every failure is an S7Failure with its catalogue code:
 *
 * - nothing answers on TCP, or nothing at all within the patience while opening → 1754;
 * - TCP opens but the CPU refuses or drops the transport connection or the setup → 1753
 *   (check rack/slot or TSAP);
 * - a request not answered within the driver's timeout → 1740 (the connection is then closed:
 *   an answer that comes late would be taken for another's);
 * - a request the CPU answers with an error class → s7-status.ts (PUT/GET off …);
 * - the connection lost while requests wait → 1754.
 */
import { createConnection, type Socket } from 'node:net';
import {
  MessageJoiner,
  TpktSplitter,
  connectionRequest,
  dataUnit,
  parseCotp,
  tpkt,
  type Tsaps,
} from './s7-iso.ts';
import {
  ROSCTR,
  encodeReadRequest,
  encodeSetupRequest,
  encodeWriteRequest,
  parseMessage,
  parseReadAnswer,
  parseSetup,
  parseWriteAnswer,
  type S7Item,
  type S7ItemAnswer,
  type S7Message,
  type S7WriteItem,
} from './s7-pdu.ts';
import { S7Failure, codeOfHeaderError } from './s7-status.ts';

export interface S7ClientOptions {
  readonly host: string;
  readonly port: number;
  readonly tsaps: Tsaps;
  /** PDU size asked for; the CPU may agree to less. */
  readonly pduSize: number;
  /** Longest wait for one answer. */
  readonly timeoutMs: number;
  /** Longest wait for the whole opening. */
  readonly patienceMs: number;
  /** Parallel jobs asked for. */
  readonly jobs?: number;
}

interface Waiting {
  readonly message: (reference: number) => Buffer;
  readonly resolve: (message: S7Message) => void;
  readonly reject: (error: S7Failure) => void;
}

export class S7Client {
  private readonly waiting = new Map<number, { entry: Waiting; timer: NodeJS.Timeout }>();
  private readonly queue: Waiting[] = [];
  private reference = 0;
  private jobs = 1;
  private closedWith: S7Failure | null = null;
  private closeListeners: (() => void)[] = [];
  pduSize = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {}

  /** A connected client, or a rejection with 1754 or 1753 as above. */
  static open(options: S7ClientOptions): Promise<S7Client> {
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host: options.host, port: options.port });
      socket.setNoDelay(true);
      const client = new S7Client(socket, options.timeoutMs);
      let tcpOpen = false;
      let settled = false;
      const fail = (reason: string, code?: '1753' | '1754') => {
        if (settled) return;
        settled = true;
        clearTimeout(patience);
        socket.destroy();
        const where = `${options.host}:${options.port}`;
        reject(
          (code ?? (tcpOpen ? '1753' : '1754')) === '1753'
            ? new S7Failure('1753', `the CPU at ${where} refused the connection (${reason})`)
            : new S7Failure('1754', `no connection to ${where} (${reason})`),
        );
      };
      // Silence is not a refusal: a PLC that accepts TCP and then never answers is unreachable.
      const patience = setTimeout(() => fail('no answer', '1754'), options.patienceMs);
      socket.once('error', (error) => fail(error.message));
      socket.once('close', () => fail('connection closed'));
      socket.once('connect', () => {
        tcpOpen = true;
        socket.write(tpkt(connectionRequest(options.tsaps)));
      });
      const splitter = new TpktSplitter();
      const joiner = new MessageJoiner();
      let stage: 'transport' | 'setup' | 'open' = 'transport';
      socket.on('data', (chunk: Buffer) => {
        let frames: Buffer[];
        try {
          frames = splitter.push(chunk);
        } catch (error) {
          if (stage === 'open') client.lose(new S7Failure('1754', String(error)));
          else fail(String(error));
          return;
        }
        for (const frame of frames) {
          const unit = parseCotp(frame);
          if (stage === 'transport') {
            if (unit.kind !== 'CC') return fail(`transport answer ${unit.kind}`);
            stage = 'setup';
            const jobs = options.jobs ?? 8;
            socket.write(
              tpkt(
                dataUnit(
                  encodeSetupRequest(0, { jobsCalling: jobs, jobsCalled: jobs, pduSize: options.pduSize }),
                ),
              ),
            );
            continue;
          }
          if (unit.kind !== 'DT') {
            if (stage === 'open')
              client.lose(new S7Failure('1754', `the CPU closed the connection (${unit.kind})`));
            else fail(`setup answer ${unit.kind}`);
            return;
          }
          const bytes = joiner.push(unit);
          if (!bytes) continue;
          if (stage === 'open') {
            client.take(bytes);
            continue;
          }
          try {
            const message = parseMessage(bytes);
            if (message.error) return fail(`setup refused, error 0x${message.error.toString(16)}`);
            const setup = parseSetup(message.param);
            client.pduSize = Math.min(setup.pduSize, options.pduSize);
            client.jobs = Math.max(1, Math.min(setup.jobsCalling, options.jobs ?? 8));
          } catch (error) {
            return fail(String(error));
          }
          stage = 'open';
          settled = true;
          clearTimeout(patience);
          socket.removeAllListeners('error');
          socket.removeAllListeners('close');
          socket.on('error', (error) => client.lose(new S7Failure('1754', error.message)));
          socket.on('close', () => client.lose(new S7Failure('1754', 'connection closed')));
          resolve(client);
        }
      });
    });
  }

  get isConnected(): boolean {
    return this.closedWith === null;
  }

  /** Calls `listener` once when the connection is lost or closed. */
  onClose(listener: () => void): void {
    if (this.closedWith) listener();
    else this.closeListeners.push(listener);
  }

  close(): void {
    this.lose(new S7Failure('1754', 'connection closed'));
  }

  /** Reads items in one request (the caller keeps it within the PDU size). */
  async read(items: readonly S7Item[]): Promise<S7ItemAnswer[]> {
    const answer = await this.request((reference) => encodeReadRequest(reference, items));
    return this.parse(() => parseReadAnswer(answer, items.length));
  }

  /** Writes items in one request; the return code of each. */
  async write(items: readonly S7WriteItem[]): Promise<number[]> {
    const answer = await this.request((reference) => encodeWriteRequest(reference, items));
    return this.parse(() => parseWriteAnswer(answer, items.length));
  }

  private parse<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      throw new S7Failure('1755', `unexpected answer (${String(error)})`);
    }
  }

  private request(message: (reference: number) => Buffer): Promise<S7Message> {
    return new Promise((resolve, reject) => {
      if (this.closedWith) return reject(this.closedWith);
      this.queue.push({ message, resolve, reject });
      this.send();
    });
  }

  /** Sends waiting requests while fewer than the agreed jobs are in flight. */
  private send(): void {
    while (this.queue.length > 0 && this.waiting.size < this.jobs) {
      const entry = this.queue.shift()!;
      this.reference = (this.reference % 0xffff) + 1;
      const reference = this.reference;
      const timer = setTimeout(
        () => this.lose(new S7Failure('1740', `no answer within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      this.waiting.set(reference, { entry, timer });
      this.socket.write(tpkt(dataUnit(entry.message(reference))));
    }
  }

  /** An answer from the CPU: settles the request with its reference. */
  private take(bytes: Buffer): void {
    let message: S7Message;
    try {
      message = parseMessage(bytes);
    } catch (error) {
      return this.lose(new S7Failure('1754', String(error)));
    }
    if (message.type !== ROSCTR.ackData && message.type !== ROSCTR.ack) return;
    const waiting = this.waiting.get(message.reference);
    if (!waiting) return;
    this.waiting.delete(message.reference);
    clearTimeout(waiting.timer);
    if (message.error) {
      const code = codeOfHeaderError(message.error);
      waiting.entry.reject(new S7Failure(code, `the CPU answered error 0x${message.error.toString(16)}`));
    } else waiting.entry.resolve(message);
    this.send();
  }

  /** Ends the connection: every request waiting fails with `failure`. */
  private lose(failure: S7Failure): void {
    if (this.closedWith) return;
    this.closedWith = failure;
    this.socket.destroy();
    for (const { entry, timer } of this.waiting.values()) {
      clearTimeout(timer);
      entry.reject(failure);
    }
    this.waiting.clear();
    for (const entry of this.queue.splice(0)) entry.reject(new S7Failure('1754', 'connection closed'));
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
