import { describe, expect, it } from 'vitest';
import { checkSnList, splitSnList } from './gateway-rules.ts';

describe('gateway inputs', () => {
  it('reads one SN per line, also separated by commas or spaces', () => {
    expect(splitSnList('100000000001\n 100000000002 ,100000000003\n\n')).toEqual([
      '100000000001',
      '100000000002',
      '100000000003',
    ]);
  });

  it('accepts 12-digit SNs and names the first one that is malformed or repeated', () => {
    expect(checkSnList(['100000000001', '100000000002'])).toBeNull();
    expect(checkSnList([])).toEqual({ violation: { code: '1001', params: { field: 'sns' } } });
    expect(checkSnList(['100000000001', '10000000002'])).toEqual({
      violation: { code: '1002', params: { field: 'sn' } },
      sn: '10000000002',
    });
    expect(checkSnList(['100000000001', '100000000001'])?.sn).toBe('100000000001');
  });
});
