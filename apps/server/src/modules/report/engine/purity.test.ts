import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The core takes everything as arguments: no database, no clock, no timers, no network.
describe('report engine purity', () => {
  const folder = path.dirname(new URL(import.meta.url).pathname);
  const files = fs.readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  it.each(files)('%s imports only contracts, formula and dayjs and reads no clock', (name) => {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
    for (const source of imports)
      expect(source, source).toMatch(/^(@lyyp\/contracts|@lyyp\/formula|dayjs|\.\/)/);
    expect(text).not.toMatch(/Date\.now|new Date\(\)|setTimeout|setInterval|performance\.now/);
  });
});
