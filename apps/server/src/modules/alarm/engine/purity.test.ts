/**
 * The engine is the pure core the alarm service is built on: it may import only the contracts, the
 * formula package and its own files, and must not read the clock, use timers or draw random
 * numbers — times come in as arguments, so every node and every replay answers alike.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(folder).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-support'),
);

describe('alarm engine purity', () => {
  it('has sources to check', () => {
    expect(sources).toContain('rule-evaluator.ts');
    expect(sources).toContain('escalation-planner.ts');
  });

  it.each(sources)('%s imports only contracts, formula and its own files', (name) => {
    const text = readFileSync(`${folder}/${name}`, 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
    for (const source of imports)
      expect(source, name).toMatch(/^(@lyyp\/contracts(\/[a-z-]+)?|@lyyp\/formula|\.\/[a-z-]+\.ts)$/);
  });

  it.each(sources)('%s reads no clock, timer or randomness', (name) => {
    const text = readFileSync(`${folder}/${name}`, 'utf8');
    expect(text, name).not.toMatch(
      /Date\.now|new Date\(|performance\.now|setTimeout|setInterval|Math\.random/,
    );
  });
});
