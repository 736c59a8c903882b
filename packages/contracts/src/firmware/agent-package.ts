/**
 * What makes a file an agent package (application firmware): a gzip-compressed ustar archive whose
 * root, or `package/` folder as `npm pack` lays it out, holds a `package.json` naming the version
 * and a `main` file the archive contains, with no path leaving the folder. The platform checks it
 * when firmware is saved, the gateway again before it installs. Pure: callers gunzip.
 */

export interface TarEntry {
  readonly name: string;
  readonly type: 'file' | 'directory' | 'other';
  readonly data: Uint8Array;
}

const decoder = new TextDecoder();

const textAt = (block: Uint8Array, from: number, length: number): string =>
  decoder.decode(block.subarray(from, from + length)).replace(/\0.*$/s, '');

/** The entries of a (ustar) tar archive; throws when the archive is cut short. */
export function readTar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const prefix = textAt(header, 345, 155);
    const name = prefix ? `${prefix}/${textAt(header, 0, 100)}` : textAt(header, 0, 100);
    const size = parseInt(textAt(header, 124, 12).trim() || '0', 8);
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

/** Normalises a relative POSIX path ("a/./b/../c" → "a/c"); ".." that climbs out stays. */
function normalise(name: string): string {
  const parts: string[] = [];
  for (const part of name.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return (name.startsWith('/') ? '/' : '') + parts.join('/');
}

export interface AgentPackageFile {
  /** Path inside the package folder. */
  readonly path: string;
  readonly data: Uint8Array;
}

export type AgentPackageCheck =
  | { readonly ok: true; readonly version: string; readonly main: string; readonly files: AgentPackageFile[] }
  | { readonly ok: false; readonly reason: string; readonly version?: string };

/**
 * Whether the archive's entries are an agent package of `expectedVersion`: the reason in words when
 * not (the version found, when the package names another one).
 */
export function checkAgentPackage(entries: readonly TarEntry[], expectedVersion: string): AgentPackageCheck {
  const fileEntries = entries.filter((entry) => entry.type === 'file');
  const inFolder = fileEntries.length > 0 && fileEntries.every((entry) => entry.name.startsWith('package/'));
  const files = fileEntries.map((entry) => ({
    path: normalise(inFolder ? entry.name.slice('package/'.length) : entry.name),
    data: entry.data,
  }));
  const manifestFile = files.find((file) => file.path === 'package.json');
  if (!manifestFile) return { ok: false, reason: 'the package has no package.json' };
  let manifest: { version?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(decoder.decode(manifestFile.data)) as typeof manifest;
  } catch {
    return { ok: false, reason: 'package.json is not JSON' };
  }
  if (manifest.version !== expectedVersion) {
    const found = String(manifest.version);
    return { ok: false, reason: `the package is version ${found}`, version: found };
  }
  const main = typeof manifest.main === 'string' ? normalise(manifest.main) : '';
  if (!main || !files.some((file) => file.path === main))
    return { ok: false, reason: 'the package names no main file it holds' };
  const outside = files.find(
    (file) => file.path === '..' || file.path.startsWith('../') || file.path.startsWith('/'),
  );
  if (outside) return { ok: false, reason: `the package reaches outside its folder: ${outside.path}` };
  return { ok: true, version: expectedVersion, main, files };
}
