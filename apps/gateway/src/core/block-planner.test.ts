import { describe, expect, it } from 'vitest';
import { planReadBlocks, sliceForPoint } from './block-planner.ts';
import { buildDriver, buildPoints, buildVariable } from './testing/model-builders.ts';

const spans = (blocks: ReturnType<typeof planReadBlocks>) =>
  blocks.map((block) => ({
    table: block.registerType,
    start: block.start,
    count: block.count,
    keys: block.points.map((point) => point.key),
  }));

describe('read block planning', () => {
  it('merges neighbours across small gaps into one request per table', () => {
    const points = buildPoints([
      buildVariable({ key: 'a', address: '0', dataType: 'float' }),
      buildVariable({ key: 'b', address: '2', dataType: 'short' }),
      buildVariable({ key: 'c', address: '10', dataType: 'unshort' }),
      buildVariable({ key: 'd', address: '30', dataType: 'unshort' }),
      buildVariable({ key: 'e', registerType: 'input-register', address: '0', dataType: 'unshort' }),
      buildVariable({ key: 'f', registerType: 'coil', address: '5', dataType: 'boolean' }),
      buildVariable({ key: 'g', registerType: 'coil', address: '36', dataType: 'boolean' }),
    ]);
    expect(spans(planReadBlocks(points))).toEqual([
      { table: 'holding-register', start: 0, count: 11, keys: ['a', 'b', 'c'] },
      { table: 'holding-register', start: 30, count: 1, keys: ['d'] },
      { table: 'input-register', start: 0, count: 1, keys: ['e'] },
      { table: 'coil', start: 5, count: 32, keys: ['f', 'g'] },
    ]);
  });

  it('shares one register among the bits that live in it', () => {
    const points = buildPoints(
      [0, 1, 2].map((bitIndex) =>
        buildVariable({ key: `bit${bitIndex}`, address: '32', dataType: 'boolean', bitIndex }),
      ),
    );
    expect(spans(planReadBlocks(points))).toEqual([
      { table: 'holding-register', start: 32, count: 1, keys: ['bit0', 'bit1', 'bit2'] },
    ]);
  });

  it('never asks for more than 125 registers or 2000 bits at once', () => {
    const registers = buildPoints(
      Array.from({ length: 60 }, (_, index) =>
        buildVariable({ key: `r${index}`, address: String(index * 4), dataType: 'double' }),
      ),
    );
    const registerBlocks = planReadBlocks(registers);
    for (const block of registerBlocks) expect(block.count).toBeLessThanOrEqual(125);
    expect(registerBlocks.flatMap((block) => block.points)).toHaveLength(60);
    expect(registerBlocks).toHaveLength(2);

    const bits = buildPoints(
      Array.from({ length: 101 }, (_, index) =>
        buildVariable({
          key: `c${index}`,
          registerType: 'coil',
          address: String(index * 30),
          dataType: 'boolean',
        }),
      ),
    );
    const bitBlocks = planReadBlocks(bits);
    for (const block of bitBlocks) expect(block.count).toBeLessThanOrEqual(2000);
    expect(bitBlocks).toHaveLength(2);
  });

  it('keeps slaves apart and reads isolated points on their own', () => {
    const points = buildPoints(
      [
        buildVariable({ key: 'a', address: '0' }),
        buildVariable({ key: 'b', address: '1' }),
        buildVariable({ key: 'c', address: '2' }),
        buildVariable({ key: 'x', driverKey: 'other', address: '1' }),
      ],
      [buildDriver(), buildDriver({ key: 'other', slaveId: 2 })],
    );
    const blocks = planReadBlocks(points, { isolated: new Set(['b']) });
    expect(blocks.map((block) => [block.driver.key, block.start, block.count])).toEqual([
      ['plc', 0, 1],
      ['plc', 1, 1],
      ['plc', 2, 1],
      ['other', 1, 1],
    ]);
  });

  it('hands each point its own registers from the answer', () => {
    const points = buildPoints([
      buildVariable({ key: 'a', address: '10', dataType: 'float' }),
      buildVariable({ key: 'b', address: '13', dataType: 'short' }),
    ]);
    const [block] = planReadBlocks(points);
    const answer = [1, 2, 3, 4];
    expect(sliceForPoint(block!, points[0]!, answer)).toEqual([1, 2]);
    expect(sliceForPoint(block!, points[1]!, answer)).toEqual([4]);
  });
});
