/**
 * The console's language (§1): Chinese by default, English on request, kept in local storage under
 * LOCALE_STORAGE_KEY. Switching changes the texts (react-i18next), Ant Design's own locale (read by
 * the providers from this store), dayjs and the document language together.
 */
import { DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import { CONSOLE_TEXTS } from '../locales/index.ts';

const DAYJS_LOCALES: Readonly<Record<Locale, string>> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

function isLocale(value: string | null): value is Locale {
  return value !== null && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(storage: Pick<Storage, 'getItem'> | undefined): Locale {
  try {
    const stored = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    // Storage can be blocked (private mode, policies); the default language still works.
    return DEFAULT_LOCALE;
  }
}

function storageOrUndefined(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

const initialLocale = readStoredLocale(storageOrUndefined());

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: CONSOLE_TEXTS[locale] }])),
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

function applyLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  void i18n.changeLanguage(locale);
}

applyLocale(initialLocale);

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

export const useLocaleStore = create<LocaleState>()((set) => ({
  locale: initialLocale,
  setLocale: (locale) => {
    try {
      storageOrUndefined()?.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Without storage the choice lasts until reload, which is all we can do.
    }
    applyLocale(locale);
    set({ locale });
  },
}));

export function getCurrentLocale(): Locale {
  return useLocaleStore.getState().locale;
}
