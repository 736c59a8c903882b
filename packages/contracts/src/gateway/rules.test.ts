import { describe, expect, it } from 'vitest';
import { checkGatewayCode, checkSn, signalBandOf } from './rules.ts';

describe('signal strength bands (§9)', () => {
  it('puts each boundary in the stronger band', () => {
    const cases: Array<[number | null, string | null]> = [
      [100, 'very-good'],
      [70, 'very-good'],
      [69, 'good'],
      [50, 'good'],
      [49, 'fair'],
      [30, 'fair'],
      [29, 'bad'],
      [0, 'bad'],
      [null, null],
    ];
    for (const [signal, band] of cases) expect(signalBandOf(signal), String(signal)).toBe(band);
  });
});

describe('gateway field rules (§5)', () => {
  it('accepts 12-digit SNs and 6-digit codes only', () => {
    expect(checkSn('012345678901')).toBeNull();
    expect(checkSn('01234567890')).toMatchObject({ code: '1002' });
    expect(checkSn('0123456789012')).toMatchObject({ code: '1002' });
    expect(checkSn('01234567890a')).toMatchObject({ code: '1002' });
    expect(checkSn(' ')).toMatchObject({ code: '1001' });
    expect(checkGatewayCode('000123')).toBeNull();
    expect(checkGatewayCode('12345')).toMatchObject({ code: '1132' });
    expect(checkGatewayCode('')).toMatchObject({ code: '1104' });
  });
});
