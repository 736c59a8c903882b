import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

describe('describeUserAgent', () => {
  it('names the browser with its major version and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.7444.59 Safari/537.36',
      ),
    ).toBe('Chrome 142 · Windows 10');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 · iOS 18');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox 140 · Linux',
    );
  });

  it('answers null for a missing header and keeps unknown agents short', () => {
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('  ')).toBeNull();
    expect(describeUserAgent('curl/8.5.0')?.length ?? 0).toBeLessThan(40);
  });
});
