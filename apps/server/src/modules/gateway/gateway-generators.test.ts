import { describe, expect, it } from 'vitest';
import { checkGatewaySecret, checkSn } from '@lyyp/contracts/gateway';
import { generateSecret, generateSn } from './gateway.service.ts';

describe('generated gateway credentials', () => {
  it('generates SNs that pass the rule and secrets that differ and pass theirs', () => {
    for (let index = 0; index < 200; index += 1) expect(checkSn(generateSn())).toBeNull();
    expect(generateSecret()).not.toBe(generateSecret());
    expect(checkGatewaySecret(generateSecret())).toBeNull();
  });
});
