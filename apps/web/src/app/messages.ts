/**
 * Turning catalogue codes into the text a person reads, in the console's language. The catalogue's
 * `{field}` placeholder carries an input's API name (`tel`); it is shown as that input's label.
 */
import { translateError, type ErrorParams, type Locale } from '@lyyp/contracts';
import { ApiError } from '../api/index.ts';
import { CONSOLE_TEXTS } from '../locales/index.ts';
import { ChunkLoadError, catalogueCodeOf } from './chunk-loader.ts';

type LabelTable = Readonly<Record<string, string>>;

/** The label tables of the console, the shell's own first; each area's `fields` after it. */
function labelTables(locale: Locale): LabelTable[] {
  const texts: Readonly<Record<string, unknown>> = CONSOLE_TEXTS[locale];
  const areas = Object.values(texts).flatMap((area) => {
    const fields = (area as { fields?: unknown } | null)?.fields;
    return fields && typeof fields === 'object' ? [fields as LabelTable] : [];
  });
  return [CONSOLE_TEXTS[locale].fields, ...areas];
}

/** Whether a text is an input's API name (`password`, `items.0.name`, `0,name`) rather than words. */
export function isFieldKey(text: string): boolean {
  return /^[a-z][\w]*([.,][\w]+)*$/.test(text) || /^\d+[.,]/.test(text);
}

/**
 * An input's label from its API name or path in any of the console's label tables (list indexes
 * skipped: `items.0.name` is labelled as `name`); the name itself only when no table has it.
 */
export function fieldLabel(path: string, locale: Locale): string {
  const parts = path.split(/[.,]/).filter((part) => part !== '' && !/^\d+$/.test(part));
  const tables = labelTables(locale);
  for (let start = 0; start < parts.length; start += 1) {
    const key = parts.slice(start).join('.');
    for (const table of tables) {
      const label = table[key];
      if (typeof label === 'string') return label;
    }
  }
  return path;
}

function labelField(params: ErrorParams | undefined, locale: Locale): ErrorParams | undefined {
  const field = params?.field;
  if (typeof field !== 'string') return params;
  return { ...params, field: isFieldKey(field) ? fieldLabel(field, locale) : field };
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
