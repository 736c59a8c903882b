/**
 * An agent package (application firmware): a gzip-compressed tar whose root (or `package/`
 * folder, as `npm pack` makes it) holds a `package.json` with `version` and `main`. It is unpacked
 * beside the running agent into `<data dir>/packages/<version>`; the launcher starts its `main`.
 * Packages are small (an agent, not an image), so the archive is read in one piece.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { checkAgentPackage, readTar, type TarEntry } from '@lyyp/contracts/firmware';
import { OtaFailure } from './firmware-download.ts';

export interface InstalledPackage {
  readonly version: string;
  /** Absolute path of the file the launcher runs. */
  readonly main: string;
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
  const checked = checkAgentPackage(entries, expectedVersion);
  if (!checked.ok) throw new OtaFailure('2743', { reason: checked.reason });

  const directory = path.join(packagesDir, expectedVersion);
  await rm(directory, { recursive: true, force: true });
  for (const file of checked.files) {
    const destination = path.join(directory, ...file.path.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, file.data);
  }
  return { version: expectedVersion, main: path.join(directory, ...checked.main.split('/')) };
}
