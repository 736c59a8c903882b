/** Languages of the console and of every message the platform sends. Chinese is the default (§1). */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Local-storage key that keeps the console's language choice. */
export const LOCALE_STORAGE_KEY = 'lyyp.locale';

/** Picks a supported locale from a header such as `Accept-Language: en-US,en;q=0.9` or a bare tag. */
export function resolveLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  const tags = value
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter(Boolean);
  for (const tag of tags) {
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}
