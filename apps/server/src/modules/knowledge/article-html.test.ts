import { describe, expect, it } from 'vitest';
import { hasContent, isAllowedImageSource, plainTextOf, sanitiseArticleHtml } from './article-html.ts';
import { sanitiseSvg } from '../account-centre/svg-sanitiser.ts';

describe('article bodies', () => {
  it('keeps the allowed structure and drops everything that could run or leave the rules', () => {
    const clean = sanitiseArticleHtml(
      '<h3 class="x" onmouseover="steal()">阀门</h3><table><tbody><tr><td colspan="2" style="color:red">A</td></tr></tbody></table>' +
        '<a href="JaVaScRiPt:alert(1)" target="_self">a</a><a href=" //evil.example/x">b</a><a href="?tab=2" rel="opener">c</a>' +
        '<svg><script>alert(1)</script></svg><form><input value="x"></form><img src="/lyyp/developer/file/../../etc">',
    );
    expect(clean).toBe(
      '<h3>阀门</h3><table><tbody><tr><td colspan="2">A</td></tr></tbody></table>' +
        '<a>a</a><a>b</a><a href="?tab=2" rel="noopener noreferrer" target="_blank">c</a>',
    );
  });

  it('accepts images from the file store or http(s) only', () => {
    expect(isAllowedImageSource('/lyyp/developer/file/0b7c-11')).toBe(true);
    expect(isAllowedImageSource('https://cdn.example.com/a.png')).toBe(true);
    expect(isAllowedImageSource('http://plant.local/diagram.gif')).toBe(true);
    for (const refused of [
      '/lyyp/developer/file/../x',
      '/other/path.png',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'ftp://host/a.png',
    ]) {
      expect(isAllowedImageSource(refused), refused).toBe(false);
    }
  });

  it('gives the text that search reads, with blocks apart and entities decoded', () => {
    const clean = sanitiseArticleHtml(
      '<p>检查水位</p><p>Refill &amp; restart</p><ul><li>一</li><li>二</li></ul>',
    );
    expect(plainTextOf(clean)).toBe('检查水位 Refill & restart 一 二');
    expect(hasContent('<p> </p>', plainTextOf('<p> </p>'))).toBe(false);
    expect(hasContent('<img src="/lyyp/developer/file/a">', '')).toBe(true);
  });

  it('leaves the SVG sanitiser of uploads as it was (hooks are removed after each call)', () => {
    sanitiseArticleHtml('<a href="https://x.example">x</a>');
    const svg = sanitiseSvg(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><a href="https://x.example"><rect/></a></svg>'),
    );
    expect(svg?.toString('utf8')).not.toContain('noopener');
  });
});
