/**
 * Turning catalogue codes into the text a person reads, in the console's language. The catalogue's
 * `{field}` placeholder carries an input's API name (`tel`); it is shown as that input's label.
 */
import { translateError, type ErrorParams, type Locale } from '@lyyp/contracts';
import { ApiError } from '../api/index.ts';
import { CONSOLE_TEXTS } from '../locales/index.ts';
import { ChunkLoadError, catalogueCodeOf } from './chunk-loader.ts';

function labelField(params: ErrorParams | undefined, locale: Locale): ErrorParams | undefined {
  const field = params?.field;
  if (typeof field !== 'string') return params;
  const labels: Readonly<Record<string, string>> = CONSOLE_TEXTS[locale].fields;
  return { ...params, field: labels[field] ?? field };
}

export function translateCatalogue(code: string, locale: Locale, params?: ErrorParams): string {
  return translateError(code, locale, labelField(params, locale));
}

/** The text to show for anything a call or a screen threw. */
export function describeError(error: unknown, locale: Locale): string {
  if (error instanceof ApiError) return translateCatalogue(error.code, locale, error.params);
  if (error instanceof ChunkLoadError) return translateError(catalogueCodeOf(error.kind), locale);
  return CONSOLE_TEXTS[locale].common.unexpected;
}
