import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/index.ts';
import { asksForPictureCheck } from './sign-in-challenge.ts';

describe('picture check on sign-in', () => {
  it('is asked for by the platform and by a wrong or spent picture answer', () => {
    for (const code of ['1150', '1114', '1115'])
      expect(asksForPictureCheck(new ApiError(code, ''))).toBe(true);
  });

  it('is not needed for other failures, locks included', () => {
    for (const code of ['1101', '1128', '1102', '1605'])
      expect(asksForPictureCheck(new ApiError(code, ''))).toBe(false);
    expect(asksForPictureCheck(new Error('1150'))).toBe(false);
  });
});
