/**
 * Agent packages for tests: a gzip-compressed ustar archive with `package/package.json` (version,
 * main) and its files, as `npm pack` lays them out.
 */
import { gzipSync } from 'node:zlib';

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512, 0);
  const put = (text: string, offset: number, length: number) =>
    header.write(text.slice(0, length), offset, 'utf8');
  put(name, 0, 100);
  put('0000644\0', 100, 8);
  put('0000000\0', 108, 8);
  put('0000000\0', 116, 8);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124, 12);
  put(`${'0'.repeat(11)}\0`, 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  put(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/** A .tar.gz of the files (name → content). */
export function tarGz(files: Record<string, string | Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    parts.push(tarHeader(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512, 0));
  }
  parts.push(Buffer.alloc(1024, 0));
  return gzipSync(Buffer.concat(parts));
}

/** A package of `version` whose main file is `main` (and any other files). */
export function agentPackage(
  version: string,
  main = '',
  extra: Record<string, string | Buffer> = {},
): Buffer {
  return tarGz({
    'package/package.json': JSON.stringify({ name: '@lyyp/gateway', version, main: 'start.mjs' }),
    'package/start.mjs': main,
    ...Object.fromEntries(Object.entries(extra).map(([name, content]) => [`package/${name}`, content])),
  });
}
