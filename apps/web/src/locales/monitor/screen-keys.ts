/**
 * What the texts tests of the screens share: the keys a folder's screens use literally
 * (`t('monitor.…')`), and looking a dotted key up in a language's texts.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const FEATURES_FOLDER = path.resolve(import.meta.dirname, '../../features');

function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return listSources(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every `t('<prefix>.…')` key the sources of these feature folders (and below) use literally. */
export function literalKeysOf(folders: readonly string[], prefix: string): string[] {
  const pattern = new RegExp(String.raw`\bt\(\s*'(${prefix}\.[\w.-]+)'`, 'g');
  return [
    ...new Set(
      folders
        .flatMap((folder) => listSources(path.join(FEATURES_FOLDER, folder)))
        .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => match[1]!)),
    ),
  ];
}

export function lookUpText(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}
