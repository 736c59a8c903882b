/**
 * Whether a value may be written to a variable (§5: "write value must be non-empty and within
 * the variable limits"). The console checks it before sending, the server before queueing, the
 * gateway before touching the device: one rule, three places, one implementation.
 */
import type { RuleViolation } from '../validation/index.ts';
import { DATA_TYPE_DEFINITIONS, textByteLength, type VariableValue } from './data-types.ts';
import type { Variable } from './variable.ts';

export type WriteValueCheck =
  | { readonly ok: true; readonly value: VariableValue }
  | { readonly ok: false; readonly violation: RuleViolation };

const refuse = (violation: RuleViolation): WriteValueCheck => ({ ok: false, violation });

/**
 * Checks a requested value (a number, or text as typed in a form) against the variable: read-only
 * → 2004, writing not permitted → 1202, empty → 1403, not a value of the data type → 1722, outside
 * the write limits (or beyond a string's length, or not 0/1 for a bit) → 2003.
 */
export function checkWriteValue(
  variable: Pick<
    Variable,
    'dataType' | 'readWrite' | 'writePermission' | 'writeLowerLimit' | 'writeUpperLimit' | 'stringLength'
  >,
  requested: unknown,
): WriteValueCheck {
  if (variable.readWrite === 'read-only') return refuse({ code: '2004' });
  if (!variable.writePermission) return refuse({ code: '1202' });
  if (requested === undefined || requested === null || (typeof requested === 'string' && !requested.trim())) {
    return refuse({ code: '1403' });
  }
  const definition = DATA_TYPE_DEFINITIONS[variable.dataType];
  if (!definition.numeric) {
    if (typeof requested !== 'string' && typeof requested !== 'number') return refuse({ code: '1722' });
    const text = String(requested);
    return textByteLength(text) > (variable.stringLength ?? 0)
      ? refuse({ code: '2003' })
      : { ok: true, value: text };
  }
  const value = toNumber(requested);
  if (value === null) return refuse({ code: '1722' });
  if (definition.id === 'boolean' && value !== 0 && value !== 1) return refuse({ code: '2003' });
  const below = variable.writeLowerLimit !== undefined && value < variable.writeLowerLimit;
  const above = variable.writeUpperLimit !== undefined && value > variable.writeUpperLimit;
  return below || above ? refuse({ code: '2003' }) : { ok: true, value };
}

function toNumber(requested: unknown): number | null {
  if (typeof requested === 'boolean') return requested ? 1 : 0;
  if (typeof requested === 'number') return Number.isFinite(requested) ? requested : null;
  if (typeof requested !== 'string') return null;
  const text = requested.trim();
  if (text === 'true') return 1;
  if (text === 'false') return 0;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
