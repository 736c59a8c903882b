/** The console's texts per language. */
import type { Locale } from '@lyyp/contracts';
import { enUS, type ConsoleTexts } from './en-US.ts';
import { zhCN } from './zh-CN.ts';

export type { ConsoleTexts };

export const CONSOLE_TEXTS: Readonly<Record<Locale, ConsoleTexts>> = { 'zh-CN': zhCN, 'en-US': enUS };
