/**
 * Fetches one firmware file from the platform (`GET /lyyp/developer/ota/firmware/{id}`, HTTP Basic
 * `sn:secret`) into `<file>.part`, resuming what is already there with `Range` and `If-Range`, and
 * checks its SHA-256. A broken transfer is resumed a few times before the download fails; bytes
 * that do not match the checksum are deleted, so the next attempt starts clean.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { OtaFile } from '@lyyp/contracts/protocol';

/** Catalogue code and reason of a failed download or check. */
export class OtaFailure extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
  }
}

export interface DownloadOptions {
  /** http(s)://host:port of the platform. */
  readonly baseUrl: string;
  readonly sn: string;
  readonly secret: string;
  readonly file: OtaFile;
  /** Where the bytes go (`.part` while incomplete). */
  readonly target: string;
  /** Bytes of this file on disk so far. */
  readonly onBytes: (received: number) => void;
  readonly signal: AbortSignal;
  /** Transfers resumed before giving up (default 5). */
  readonly attempts?: number;
}

export const DOWNLOAD_PATH = (id: string) => `/lyyp/developer/ota/firmware/${encodeURIComponent(id)}`;

async function sizeOf(file: string): Promise<number> {
  return stat(file).then(
    (info) => info.size,
    () => 0,
  );
}

/** Downloads (or finishes downloading) the file; resolves once all its bytes are on disk. */
export async function downloadFile(options: DownloadOptions): Promise<void> {
  const { file, target } = options;
  const attempts = options.attempts ?? 5;
  let lastProblem = '';
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    options.signal.throwIfAborted();
    let received = await sizeOf(target);
    if (received > file.size) {
      await rm(target, { force: true });
      received = 0;
    }
    if (received === file.size) return;
    try {
      const response = await fetch(new URL(DOWNLOAD_PATH(file.id), options.baseUrl), {
        headers: {
          // Ranges count bytes of the file itself.
          'accept-encoding': 'identity',
          authorization: `Basic ${Buffer.from(`${options.sn}:${options.secret}`).toString('base64')}`,
          ...(received > 0 ? { range: `bytes=${received}-`, 'if-range': `"${file.sha256}"` } : {}),
        },
        signal: options.signal,
      });
      if (response.status === 416) {
        // What is on disk is not a prefix of this file: start over.
        await rm(target, { force: true });
        lastProblem = 'HTTP 416';
        continue;
      }
      if ((response.status !== 200 && response.status !== 206) || !response.body) {
        lastProblem = `HTTP ${response.status}`;
        // Refusals (credentials, a missing file) do not get better by asking again.
        if (response.status >= 400 && response.status < 500) break;
        continue;
      }
      const append = response.status === 206;
      if (!append) received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          options.onBytes(received);
          callback(null, chunk);
        },
      });
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        counter,
        createWriteStream(target, { flags: append ? 'a' : 'w' }),
      );
      if ((await sizeOf(target)) === file.size) return;
      lastProblem = 'the transfer ended early';
    } catch (error) {
      if (options.signal.aborted) throw error;
      lastProblem = error instanceof Error ? error.message : String(error);
    }
  }
  throw new OtaFailure('2741', { reason: lastProblem || 'no answer' });
}

/** SHA-256 of a file, read as a stream. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Checks the downloaded bytes; deletes them when they do not match (2742). */
export async function verifyFile(file: OtaFile, target: string): Promise<void> {
  if ((await sha256Of(target)) === file.sha256) return;
  await rm(target, { force: true });
  throw new OtaFailure('2742');
}
