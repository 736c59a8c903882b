/**
 * Form-encoded bodies carry every value as text (`driver.slaveId=1`, `stateMapping[0].value=2`).
 * This walks the zod schema a route validates with and turns text into the numbers and booleans the
 * schema expects, so one schema serves form and JSON bodies and the OpenAPI document shows real
 * types. An empty text means "not given" for optional fields and "cleared" for nullable ones.
 */
import type { z } from 'zod';

type Def = { type: string } & Record<string, unknown>;

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^0x[0-9a-fA-F]+$/;

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' || !NUMERIC.test(value.trim())) return value;
  return Number(value.trim());
}

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

function acceptsNull(schema: unknown): boolean {
  const def = defOf(schema);
  if (def.type === 'nullable') return true;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault')
    return acceptsNull(def.innerType);
  return false;
}

/** qs turns long or sparse lists into objects keyed by index; read them back as lists. */
function asList(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (isPlainObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => item);
  }
  return value;
}

function literalValues(def: Def): unknown[] {
  return Array.isArray(def.values) ? (def.values as unknown[]) : [];
}

function pickUnionOption(def: Def, value: unknown): unknown {
  if (typeof def.discriminator !== 'string' || !isPlainObject(value)) return undefined;
  const tag = value[def.discriminator];
  return (def.options as unknown[]).find((option) => {
    const shape = defOf(option).shape as Record<string, unknown> | undefined;
    const field = shape?.[def.discriminator as string];
    return field !== undefined && literalValues(defOf(field)).includes(tag);
  });
}

/**
 * A union without a discriminator (`3 | 'forever'`, `0 | 1`): the first option the coerced text
 * satisfies; the text unchanged when none does, so the schema names the field it refuses.
 */
function coerceUnionOptions(options: readonly z.ZodType[], value: unknown): unknown {
  if (options.some((option) => option.safeParse(value).success)) return value;
  for (const option of options) {
    const coerced = coerceFormValue(option, value);
    if (coerced !== value && option.safeParse(coerced).success) return coerced;
  }
  return value;
}

export function coerceFormValue(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      if (value === '') return acceptsNull(def.innerType) ? null : undefined;
      return value === undefined ? undefined : coerceFormValue(def.innerType as z.ZodType, value);
    case 'nullable':
      return value === '' || value === null ? null : coerceFormValue(def.innerType as z.ZodType, value);
    case 'readonly':
    case 'catch':
      return coerceFormValue(def.innerType as z.ZodType, value);
    case 'pipe':
      // `z.preprocess(fn, schema)` is a pipe from a transform: the form text is for the schema after it.
      return coerceFormValue((defOf(def.in).type === 'transform' ? def.out : def.in) as z.ZodType, value);
    case 'number':
      return toNumber(value);
    case 'boolean':
      return typeof value === 'string' && Object.hasOwn(BOOLEAN_TEXT, value.trim().toLowerCase())
        ? BOOLEAN_TEXT[value.trim().toLowerCase()]
        : value;
    case 'literal': {
      const values = literalValues(def);
      return values.length > 0 && values.every((item) => typeof item === 'number') ? toNumber(value) : value;
    }
    case 'array': {
      const list = asList(value);
      return Array.isArray(list) ? list.map((item) => coerceFormValue(def.element as z.ZodType, item)) : list;
    }
    case 'object': {
      if (!isPlainObject(value)) return value;
      const shape = def.shape as Record<string, unknown>;
      const result: Record<string, unknown> = { ...value };
      for (const [key, field] of Object.entries(shape)) {
        if (!(key in result)) continue;
        const coerced = coerceFormValue(field as z.ZodType, result[key]);
        if (coerced === undefined) delete result[key];
        else result[key] = coerced;
      }
      return result;
    }
    case 'union': {
      const option = pickUnionOption(def, value);
      if (option !== undefined) return coerceFormValue(option as z.ZodType, value);
      return coerceUnionOptions(def.options as z.ZodType[], value);
    }
    default:
      return value;
  }
}
