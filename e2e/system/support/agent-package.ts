/**
 * Agent packages for upgrade tests: a gzip-compressed ustar archive with `package/package.json`
 * (version, main) and its main file, as `npm pack` lays them out. A working package runs this
 * repository's agent (the launcher names the version it started); a broken one exits at once.
 */
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPOSITORY_ROOT } from './processes.ts';

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512, 0);
  const put = (text: string, offset: number, length: number) =>
    header.write(text.slice(0, length), offset, 'utf8');
  put(name, 0, 100);
  put('0000644\0', 100, 8);
  put('0000000\0', 108, 8);
  put('0000000\0', 116, 8);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124, 12);
  put(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    12,
  );
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  put(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/** A .tar.gz of the files (name → content). */
export function tarGz(files: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content, 'utf8');
    parts.push(tarHeader(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512, 0));
  }
  parts.push(Buffer.alloc(1024, 0));
  return gzipSync(Buffer.concat(parts));
}

const AGENT_MAIN = pathToFileURL(path.join(REPOSITORY_ROOT, 'apps/gateway/src/main.ts')).href;

/** A package of the agent under another version number. */
export function workingAgentPackage(version: string): Buffer {
  return tarGz({
    'package/package.json': JSON.stringify({ name: '@lyyp/gateway', version, main: 'start.mjs' }),
    'package/start.mjs': `// Agent ${version}: the agent of this repository.\nawait import(${JSON.stringify(AGENT_MAIN)});\n`,
  });
}

/** A package whose agent never starts. */
export function brokenAgentPackage(version: string): Buffer {
  return tarGz({
    'package/package.json': JSON.stringify({ name: '@lyyp/gateway', version, main: 'start.mjs' }),
    'package/start.mjs': `console.error('agent ${version}: cannot start');\nprocess.exit(3);\n`,
  });
}
