import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-circles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TREES = ['packages', 'apps', 'e2e', 'scripts'];

describe('import circles', () => {
  it('finds a circle of three and a file importing itself, and nothing in a line', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('finds none in the repository', () => {
    const circles = TREES.flatMap((tree) => importCircles(importGraph(path.join(ROOT, tree))));
    expect(circles.map((group) => group.map((file) => path.relative(ROOT, file)))).toEqual([]);
  });
});
