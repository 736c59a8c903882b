import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Drizzle's migrator applies only the migrations whose timestamp is later than the newest one a
// database has recorded: a journal whose timestamps go backwards skips migrations on upgrade.
const folder = path.resolve(import.meta.dirname, '../../drizzle');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('migration journal', () => {
  it('lists every SQL file once, in file order, with timestamps that only go forward', () => {
    const files = readdirSync(folder)
      .filter((name) => /^\d{4}_.*\.sql$/.test(name))
      .map((name) => name.slice(0, -4))
      .sort();
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    for (let i = 1; i < journal.entries.length; i += 1) {
      expect(journal.entries[i]!.when, journal.entries[i]!.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    }
  });
});
