/**
 * An agent package (application firmware): a gzip-compressed tar whose root (or `package/`
 * folder, as `npm pack` makes it) holds a `package.json` with `version` and `main`. It is unpacked
 * beside the running agent into `<data dir>/packages/<version>`; the launcher starts its `main`.
 * Packages are small (an agent, not an image), so the archive is read in one piece.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { OtaFailure } from './firmware-download.ts';

export interface InstalledPackage {
  readonly version: string;
  /** Absolute path of the file the launcher runs. */
  readonly main: string;
}

interface TarEntry {
  name: string;
  type: 'file' | 'directory' | 'other';
  data: Buffer;
}

const text = (block: Buffer, from: number, length: number) =>
  block
    .subarray(from, from + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/** The entries of a (ustar) tar archive. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const flag = String.fromCharCode(header[156] ?? 0);
    const start = offset + 512;
    if (!Number.isFinite(size) || start + size > archive.length) throw new Error('the archive is cut short');
    entries.push({
      name,
      type: flag === '0' || flag === '\0' ? 'file' : flag === '5' ? 'directory' : 'other',
      data: archive.subarray(start, start + size),
    });
    offset = start + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * Unpacks the package into `<packagesDir>/<version>` (replacing a half-unpacked earlier try) and
 * answers what to run. Refuses (2743) an archive that is not one, paths leaving the folder, and a
 * package whose version is not the firmware's.
 */
export async function installAgentPackage(
  archiveFile: string,
  packagesDir: string,
  expectedVersion: string,
): Promise<InstalledPackage> {
  let entries: TarEntry[];
  try {
    entries = readTar(gunzipSync(await readFile(archiveFile)));
  } catch (error) {
    throw new OtaFailure('2743', { reason: `not an agent package (${(error as Error).message})` });
  }
  const files = entries.filter((entry) => entry.type === 'file');
  const inFolder = files.length > 0 && files.every((entry) => entry.name.startsWith('package/'));
  const relative = (name: string) => path.posix.normalize(inFolder ? name.slice('package/'.length) : name);
  const manifestEntry = files.find((entry) => relative(entry.name) === 'package.json');
  if (!manifestEntry) throw new OtaFailure('2743', { reason: 'the package has no package.json' });
  let manifest: { version?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(manifestEntry.data.toString('utf8')) as typeof manifest;
  } catch {
    throw new OtaFailure('2743', { reason: 'package.json is not JSON' });
  }
  if (manifest.version !== expectedVersion)
    throw new OtaFailure('2743', { reason: `the package is version ${String(manifest.version)}` });
  const main = typeof manifest.main === 'string' ? path.posix.normalize(manifest.main) : '';
  if (!main || !files.some((entry) => relative(entry.name) === main))
    throw new OtaFailure('2743', { reason: 'the package names no main file it holds' });

  const outside = files.find((entry) => {
    const name = relative(entry.name);
    return name === '..' || name.startsWith('../') || path.posix.isAbsolute(name);
  });
  if (outside)
    throw new OtaFailure('2743', { reason: `the package reaches outside its folder: ${outside.name}` });

  const directory = path.join(packagesDir, expectedVersion);
  await rm(directory, { recursive: true, force: true });
  for (const entry of files) {
    const name = relative(entry.name);
    const destination = path.join(directory, ...name.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, entry.data);
  }
  return { version: expectedVersion, main: path.join(directory, ...main.split('/')) };
}
