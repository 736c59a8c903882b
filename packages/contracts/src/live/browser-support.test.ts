import { describe, expect, it } from 'vitest';
import { isBrowserTooOld } from './browser-support.ts';

const chrome = (major: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;

describe('browsers the console supports', () => {
  it('tells old browsers from current ones by their User-Agent', () => {
    expect(isBrowserTooOld(chrome(110))).toBe(true);
    expect(isBrowserTooOld(chrome(111))).toBe(false);
    expect(isBrowserTooOld(`${chrome(120)} Edg/100.0.1`)).toBe(true);
    expect(isBrowserTooOld('Mozilla/5.0 (X11; Linux; rv:113.0) Gecko/20100101 Firefox/113.0')).toBe(true);
    expect(isBrowserTooOld('Mozilla/5.0 (X11; Linux; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(false);
    const safari = (version: string) =>
      `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version} Safari/605.1.15`;
    expect(isBrowserTooOld(safari('16.3'))).toBe(true);
    expect(isBrowserTooOld(safari('16.4'))).toBe(false);
    expect(isBrowserTooOld(safari('17.0'))).toBe(false);
    expect(isBrowserTooOld('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)')).toBe(true);
  });

  it('gives browsers and clients it does not recognise the benefit of the doubt', () => {
    expect(isBrowserTooOld(undefined)).toBe(false);
    expect(isBrowserTooOld('lightMyRequest')).toBe(false);
    expect(isBrowserTooOld('curl/8.5.0')).toBe(false);
  });
});
