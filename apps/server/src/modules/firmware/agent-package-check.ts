/**
 * Application firmware must be an agent package of the version it is saved as (docs/ota.md): the
 * gateway would refuse anything else only after every gateway of a task had downloaded it. The
 * stored file is unpacked as a stream, and one that unpacks past `AGENT_PACKAGE_MAX_UNPACKED_BYTES`
 * is refused without being held in memory.
 */
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { CatalogueError } from '@lyyp/contracts';
import { checkAgentPackage, readTar } from '@lyyp/contracts/firmware';

/** An agent is a program, not an image: its package unpacks to far less than this. */
export const AGENT_PACKAGE_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

async function gunzipWithin(source: Readable, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  const gunzip = createGunzip();
  source.pipe(gunzip);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) return undefined;
      chunks.push(chunk);
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * Refuses (2506, 2507) a file that is not an agent package of `version`. `open` gives the stored
 * bytes (undefined when they are gone).
 */
export async function requireAgentPackage(
  open: () => Promise<Readable | undefined>,
  version: string,
): Promise<void> {
  const notAPackage = new CatalogueError('2506', { field: 'packageFileId' });
  const source = await open();
  if (!source) throw new CatalogueError('2501', { field: 'packageFileId' });
  let archive: Buffer | undefined;
  try {
    archive = await gunzipWithin(source, AGENT_PACKAGE_MAX_UNPACKED_BYTES);
  } catch {
    throw notAPackage;
  }
  if (!archive) throw notAPackage;
  let checked;
  try {
    checked = checkAgentPackage(readTar(archive), version);
  } catch {
    throw notAPackage;
  }
  if (checked.ok) return;
  if (checked.version !== undefined)
    throw new CatalogueError('2507', { field: 'version', found: checked.version, version });
  throw notAPackage;
}
