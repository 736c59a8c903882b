import { describe, expect, it } from 'vitest';
import {
  CatalogueError,
  ERROR_CATALOGUE,
  SESSION_ENDED_CODES,
  httpStatusOf,
  translateError,
} from './index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('error catalogue', () => {
  it('has a Chinese and an English text with the same placeholders for every code', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.zh.trim(), code).not.toBe('');
      expect(entry.en.trim(), code).not.toBe('');
      expect(placeholders(entry.zh), code).toEqual(placeholders(entry.en));
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
    }
  });

  it('holds every code the specification names', () => {
    const named = [
      '1711',
      '1712',
      '1713',
      '1714',
      '1715',
      '1721',
      '1722',
      '2003',
      '2004',
      '99901',
      '99902',
      '99903',
      '99904',
      '99905',
      '99906',
      '99907',
      '90099',
      '1600000',
      '1617000',
      '1301',
      '1010',
      '1006',
      '1206',
    ];
    for (const code of named) expect(Object.keys(ERROR_CATALOGUE)).toContain(code);
    expect(SESSION_ENDED_CODES).toEqual(['1010', '1006', '1206']);
  });

  it('translates by locale and fills placeholders', () => {
    expect(translateError('1101', 'zh-CN')).toBe('用户名或密码不正确');
    expect(translateError('1101', 'en-US')).toBe('Incorrect username or password');
    expect(translateError('1126', 'en-US', { seconds: 42 })).toBe('You can send again in 42 s');
  });

  it('shows an unknown code as a communication error carrying the code', () => {
    expect(translateError('4242', 'en-US')).toBe('Communication error (4242)');
    expect(translateError('4242', 'zh-CN')).toBe('通讯异常（4242）');
    expect(httpStatusOf('4242')).toBe(500);
  });

  it('keeps code and params on the thrown error', () => {
    const error = new CatalogueError('1004', { seconds: 3 });
    expect(error.code).toBe('1004');
    expect(error.message).toBe('Too many requests, try again in 3 s');
    expect(httpStatusOf(error.code)).toBe(429);
  });
});
