import { describe, expect, it } from 'vitest';
import { checkAgentPackage, readTar, type TarEntry } from './agent-package.ts';

const file = (name: string, content: string): TarEntry => ({
  name,
  type: 'file',
  data: new TextEncoder().encode(content),
});
const manifest = (fields: Record<string, unknown>) => file('package/package.json', JSON.stringify(fields));

describe('agent packages', () => {
  it('accepts a package of the version with its main file, in a package folder or at the root', () => {
    const checked = checkAgentPackage(
      [manifest({ version: '2.1.0', main: './bin/../start.mjs' }), file('package/start.mjs', '')],
      '2.1.0',
    );
    expect(checked).toMatchObject({ ok: true, main: 'start.mjs' });
    expect(checked.ok && checked.files.map((entry) => entry.path)).toEqual(['package.json', 'start.mjs']);
    const atRoot = [file('package.json', JSON.stringify({ version: '1', main: 'a.js' })), file('a.js', '')];
    expect(checkAgentPackage(atRoot, '1').ok).toBe(true);
  });

  it('says why anything else is not one', () => {
    expect(checkAgentPackage([file('package/readme', '')], '1')).toMatchObject({ ok: false });
    expect(checkAgentPackage([file('package/package.json', '{')], '1')).toMatchObject({
      reason: 'package.json is not JSON',
    });
    expect(
      checkAgentPackage([manifest({ version: '3', main: 'a.js' }), file('package/a.js', '')], '2'),
    ).toEqual({
      ok: false,
      reason: 'the package is version 3',
      version: '3',
    });
    expect(checkAgentPackage([manifest({ version: '2', main: 'gone.js' })], '2')).toMatchObject({
      reason: 'the package names no main file it holds',
    });
    expect(
      checkAgentPackage(
        [manifest({ version: '2', main: 'a.js' }), file('package/a.js', ''), file('package/../x', '')],
        '2',
      ),
    ).toMatchObject({ reason: 'the package reaches outside its folder: ../x' });
  });

  it('reads no entries from an empty archive and refuses one cut short', () => {
    expect(readTar(new Uint8Array(1024))).toEqual([]);
    const header = new Uint8Array(512);
    header.set(new TextEncoder().encode('a.txt'), 0);
    header.set(new TextEncoder().encode('00000001000\0'), 124);
    expect(() => readTar(header)).toThrow('the archive is cut short');
  });
});
