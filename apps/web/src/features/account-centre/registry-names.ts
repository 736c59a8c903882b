/** Names of the contract's registries (log kinds, feedback types, order kinds) in the console's language. */
import type { Locale } from '@lyyp/contracts';

type Named = { readonly zh: string; readonly en: string };

export function nameIn<K extends string>(
  registry: Readonly<Record<K, Named>>,
  code: K,
  locale: Locale,
): string {
  return locale === 'en-US' ? registry[code].en : registry[code].zh;
}
