import { parseS7Address } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { decodeS7, encodeS7 } from './s7-codec.ts';
import { MAX_ITEMS_PER_REQUEST, planBlocks, planReads } from './s7-plan.ts';
import { codeOfHeaderError, codeOfRequestError, codeOfReturn, S7Failure } from './s7-status.ts';

const point = (key: string, address: string) => ({ key, s7: parseS7Address(address)! });

describe('S7 read plan', () => {
  it('merges neighbours of one area into blocks, never across areas or data blocks', () => {
    const blocks = planBlocks([
      point('a', 'DB1.DBW0'),
      point('b', 'DB1.DBD10'), // 8 bytes after a ends: same block
      point('c', 'DB1.DBW30'), // too far
      point('d', 'DB2.DBW2'),
      point('e', 'M0.1'),
      point('f', 'MW2'),
      point('g', 'Q0.0'),
    ]);
    expect(blocks.map((block) => [block.area, block.dbNumber, block.start, block.length])).toEqual([
      ['DB', 1, 0, 14],
      ['DB', 1, 30, 2],
      ['DB', 2, 2, 2],
      ['M', 0, 0, 4],
      ['Q', 0, 0, 1],
    ]);
  });

  it('keeps isolated addresses in blocks of their own', () => {
    const blocks = planBlocks([point('a', 'DB1.DBW0'), point('b', 'DB1.DBW2')], new Set(['b']));
    expect(blocks).toHaveLength(2);
  });

  it('packs items by the PDU: at most 20 items, answers within the PDU, long blocks in pieces', () => {
    const many = Array.from({ length: 45 }, (_, index) => point(`v${index}`, `DB${index + 1}.DBW0`));
    const plan = planReads(many, 960);
    expect(plan.requests.map((request) => request.length)).toEqual([MAX_ITEMS_PER_REQUEST, 20, 5]);
    // 240 bytes: (240 - 12) / 12 = 19 items fit a request.
    expect(planReads(many, 240).requests.map((request) => request.length)).toEqual([19, 19, 7]);
    const long = planReads([point('s', 'DB1.S0.254')], 240);
    expect(long.requests.flat().map((piece) => [piece.offset, piece.length])).toEqual([
      [0, 222],
      [222, 34],
    ]);
    for (const request of planReads([...many, point('s', 'DB99.S0.254')], 240).requests) {
      const answer = 14 + request.reduce((sum, piece) => sum + 4 + piece.length + (piece.length % 2), 0);
      expect(answer).toBeLessThanOrEqual(240);
    }
  });
});

describe('S7 values', () => {
  it('decodes and encodes big-endian numbers, bits and STRINGs', () => {
    const real = parseS7Address('DB1.DBD0')!;
    expect(encodeS7(real, 'float', 1.5)).toEqual({ ok: true, bytes: Buffer.from([0x3f, 0xc0, 0, 0]) });
    expect(decodeS7(real, 'float', Buffer.from([0x3f, 0xc0, 0, 0]))).toBe(1.5);
    expect(decodeS7(real, 'int', Buffer.from([0xff, 0xff, 0xff, 0xfe]))).toBe(-2);
    expect(decodeS7(parseS7Address('DB1.DBX0.3')!, 'boolean', Buffer.from([0b1000]))).toBe(1);
    const text = parseS7Address('DB1.S0.10')!;
    // The current length never reaches past the declared maximum.
    expect(decodeS7(text, 'string', Buffer.from([3, 9, 0x61, 0x62, 0x63, 0x64]))).toBe('abc');
    expect(encodeS7(text, 'string', 'Grüße')).toMatchObject({
      ok: true,
      bytes: Buffer.from([10, 5, 0x47, 0x72, 0xfc, 0xdf, 0x65]),
    });
    expect(encodeS7(text, 'string', '炉')).toEqual({ ok: false, code: '1756' });
  });
});

describe('S7 failures as catalogue codes', () => {
  it('names the PLC-side cause', () => {
    expect(codeOfReturn(0xff)).toBeNull();
    expect(codeOfReturn(0x03)).toBe('1751'); // PUT/GET off or optimised block
    expect(codeOfReturn(0x05)).toBe('1752');
    expect(codeOfReturn(0x0a)).toBe('1752');
    expect(codeOfReturn(0x01)).toBe('1757');
    expect(codeOfReturn(0x06)).toBe('1755');
    expect(codeOfHeaderError(0x8104)).toBe('1751'); // PUT/GET off
    expect(codeOfHeaderError(0x8702)).toBe('1751'); // access error class
    expect(codeOfHeaderError(0x8500)).toBe('1755');
    expect(codeOfHeaderError(0x8301)).toBe('1758');
    expect(codeOfRequestError(new Error('socket hang up'))).toBe('1754');
    expect(codeOfRequestError(new S7Failure('1740', 'no answer'))).toBe('1740');
    expect(codeOfRequestError(new S7Failure('1753', 'refused'))).toBe('1753');
  });
});
