import { LOCALES } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_SLUGS, findHelpArticle } from './articles.ts';

describe('help articles', () => {
  it('cover signing in, registering, gateways and the designer', () => {
    expect(HELP_SLUGS).toEqual(expect.arrayContaining(['login', 'register', 'gateway', 'designer']));
  });

  it('say the same in both languages: every section exists in each', () => {
    for (const slug of HELP_SLUGS) {
      const [first, ...others] = LOCALES.map((locale) => HELP_ARTICLES[slug][locale]);
      for (const other of others) {
        expect(other.sections.length, slug).toBe(first?.sections.length);
        other.sections.forEach((section, index) => {
          expect(section.steps?.length, `${slug} §${index}`).toBe(first?.sections[index]?.steps?.length);
          expect(section.paragraphs?.length, `${slug} §${index}`).toBe(
            first?.sections[index]?.paragraphs?.length,
          );
        });
      }
    }
  });

  it('find nothing for an unknown name, including inherited object keys', () => {
    expect(findHelpArticle('login')).toBeDefined();
    expect(findHelpArticle('nope')).toBeUndefined();
    expect(findHelpArticle('constructor')).toBeUndefined();
    expect(findHelpArticle(undefined)).toBeUndefined();
  });
});
