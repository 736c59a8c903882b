import { describe, expect, it } from 'vitest';
import { translateError } from '../errors/index.ts';
import { checkUrl, checkedUrl, isSafeUrl, safeUrlOrNull, UNSAFE_URL_ERROR_CODE } from './url.ts';

describe('the stored-address rule', () => {
  it.each([
    'https://example.com/manual.pdf',
    'http://192.168.1.10:8080/panel',
    'HTTPS://EXAMPLE.COM',
    '/lyyp/developer/files/2024/pump.png',
    'pump.png',
    '../other/page',
    '?tab=2',
    '#alarms',
    '',
    '   ',
  ])('accepts %j', (value) => {
    expect(isSafeUrl(value)).toBe(true);
  });

  it.each([
    ['a script link', 'javascript:alert(document.cookie)'],
    ['mixed case', 'JaVaScRiPt:alert(1)'],
    ['leading spaces', '   javascript:alert(1)'],
    ['a leading control character', '\u0001javascript:alert(1)'],
    ['a leading NUL', '\u0000javascript:alert(1)'],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['a line break inside the scheme', 'java\nscript:alert(1)'],
    ['a carriage return inside the scheme', 'jav\rascript:alert(1)'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['an upper-case data URL', 'DATA:image/svg+xml;base64,PHN2Zz4='],
    ['a file URL', 'file:///etc/passwd'],
    ['a blob URL', 'blob:https://example.com/1'],
    ['protocol-relative', '//evil.example/x'],
    ['protocol-relative with backslashes', '\\\\evil.example\\x'],
    ['slash and backslash', '/\\evil.example'],
    ['a scheme with spaces around it', ' \t javascript:void(0) '],
  ])('refuses %s', (_label, value) => {
    expect(isSafeUrl(value)).toBe(false);
    expect(safeUrlOrNull(value)).toBeNull();
  });

  it('allows other schemes only where a field asks for them', () => {
    const rtmp = { schemes: ['rtmp:', 'rtmps:'], relative: false } as const;
    expect(isSafeUrl('rtmp://media.example/live/1', rtmp)).toBe(true);
    expect(isSafeUrl('https://media.example/live/1', rtmp)).toBe(false);
    expect(isSafeUrl('/live/1', rtmp)).toBe(false);
    expect(isSafeUrl('javascript:alert(1)', rtmp)).toBe(false);
  });

  it('names the field in the catalogue error, in both languages', () => {
    expect(checkUrl('link')('javascript:alert(1)')).toEqual({
      code: UNSAFE_URL_ERROR_CODE,
      params: { field: 'link' },
    });
    expect(checkUrl('link')('https://example.com')).toBeNull();
    expect(translateError(UNSAFE_URL_ERROR_CODE, 'en-US', { field: 'link' })).toContain('link');
    expect(translateError(UNSAFE_URL_ERROR_CODE, 'zh-CN', { field: 'link' })).toContain('link');
  });

  it('refuses through zod with the catalogue code as the issue message', () => {
    const parsed = checkedUrl().safeParse('javascript:alert(1)');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(`catalogue:${UNSAFE_URL_ERROR_CODE}`);
    expect(checkedUrl().safeParse('/files/a.png').success).toBe(true);
    expect(checkedUrl().safeParse('x'.repeat(2001)).success).toBe(false);
  });
});
