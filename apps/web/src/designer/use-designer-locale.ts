/** The console language as the designer's texts need it: a Locale and a picker for zh/en labels. */
import type { LocalizedText } from '@lyyp/designer-core';
import { useLocaleStore } from '../app/i18n.ts';

export function useDesignerLocale() {
  const locale = useLocaleStore((state) => state.locale);
  const label = (text: LocalizedText) => (locale === 'en-US' ? text.en : text.zh);
  return { locale, label };
}
