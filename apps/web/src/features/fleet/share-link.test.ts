import { describe, expect, it } from 'vitest';
import { readShareToken, shareLinkOf } from './share-link.ts';

describe('share links', () => {
  it('opens the accept page with the token, escaped, on the console origin', () => {
    expect(shareLinkOf('https://iot.example.com/', 'a+b/c')).toBe(
      'https://iot.example.com/monitor/share?token=a%2Bb%2Fc',
    );
  });

  it('reads the token back and ignores a blank one', () => {
    const link = new URL(shareLinkOf('http://127.0.0.1:8080', 'a+b/c'));
    expect(readShareToken(link.searchParams)).toBe('a+b/c');
    expect(readShareToken(new URLSearchParams('token=%20'))).toBeNull();
    expect(readShareToken(new URLSearchParams(''))).toBeNull();
  });
});
