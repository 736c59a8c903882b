/**
 * Limits of formulas and conditions (§5) shared by the server's schemas, the console's forms and
 * the edge agent. The language itself lives in `@lyyp/formula`; this is only what every layer must
 * agree on without parsing.
 */

/** A formula has at most this many characters (counted as a person counts them) and is not blank. */
export const FORMULA_MAX_LENGTH = 200;

/** Collection and write formulas read the value they convert from this variable (`x * 0.1 - 40`). */
export const FORMULA_VALUE_VARIABLE = 'x';
