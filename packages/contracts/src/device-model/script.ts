/**
 * A script (§3: name, execution policy startup / periodic / condition / data change, frequency,
 * interval) that the edge agent runs in its sandbox, and the sandbox's limits. The agent, the
 * platform's checks and the console's forms all read them from here. docs/scripts.md describes
 * what a script may do.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../validation/index.ts';
import { formulaText } from './variable.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  boundedNumber,
  enumField,
  identifier,
  requiredText,
} from './issues.ts';

/**
 * startup: once each time the configuration starts; periodic: every interval; condition: when a
 * formula over the device's variables holds; data-change: when a watched variable changes.
 */
export const SCRIPT_POLICIES = ['startup', 'periodic', 'condition', 'data-change'] as const;
export type ScriptPolicy = (typeof SCRIPT_POLICIES)[number];

/**
 * How often a condition script runs: once each time the condition becomes true (`once`), or every
 * interval for as long as it holds (`repeat`).
 */
export const SCRIPT_FREQUENCIES = ['once', 'repeat'] as const;
export type ScriptFrequency = (typeof SCRIPT_FREQUENCIES)[number];

/** Source text of one script, in characters. */
export const SCRIPT_CODE_MAX_LENGTH = 10_000;
export const SCRIPT_INTERVAL_MIN_SECONDS = 1;
export const SCRIPT_INTERVAL_MAX_SECONDS = 86_400;
/** Variables a data-change script may watch. */
export const SCRIPT_WATCH_MAX = 20;
/** Longest one run may take on the agent before it is stopped. */
export const SCRIPT_TIME_LIMIT_MS = 50;
/** Memory one script may hold in the sandbox. */
export const SCRIPT_MEMORY_LIMIT_BYTES = 1024 * 1024;
/** Writes one run may ask for; more is an error of that run. */
export const SCRIPT_WRITES_PER_RUN_MAX = 16;
/**
 * Script writes one report carries at most; the agent keeps this many unsent (older ones go, and
 * the report says how many were dropped) until it is connected again.
 */
export const SCRIPT_WRITES_REPORTED_MAX = 500;
/** Log lines one run may leave (each at most `SCRIPT_LOG_LINE_MAX_LENGTH` characters). */
export const SCRIPT_LOG_LINES_PER_RUN_MAX = 20;
export const SCRIPT_LOG_LINE_MAX_LENGTH = 200;
/** Scripts one gateway runs until hardware models carry their own number (§9 capacity). */
export const DEFAULT_SCRIPT_CAPACITY = 100;

export const scriptSchema = z
  .object({
    key: identifier('key').describe('Identifier of the script within the product (letters, digits, _).'),
    name: requiredText('name', NAME_MAX_LENGTH).describe(
      `Name shown to people; 1-${NAME_MAX_LENGTH} characters.`,
    ),
    enabled: z.boolean({ error: INVALID_FIELD_MESSAGE }).default(true),
    policy: enumField(SCRIPT_POLICIES).describe(
      'startup: once when the configuration starts; periodic: every intervalSeconds; condition: when `condition` holds; data-change: when a variable of `watch` changes.',
    ),
    intervalSeconds: boundedNumber('intervalSeconds', {
      min: SCRIPT_INTERVAL_MIN_SECONDS,
      max: SCRIPT_INTERVAL_MAX_SECONDS,
      integer: true,
    })
      .default(60)
      .describe(
        `Seconds between runs (periodic; condition with frequency repeat), ${SCRIPT_INTERVAL_MIN_SECONDS}-${SCRIPT_INTERVAL_MAX_SECONDS}.`,
      ),
    frequency: enumField(SCRIPT_FREQUENCIES)
      .default('once')
      .describe('condition: once each time it becomes true, or repeat every interval while it holds.'),
    condition: formulaText('condition')
      .optional()
      .describe('A formula over the device variable keys (condition policy), e.g. `temp > 80 && pump == 1`.'),
    watch: z
      .array(z.string({ error: INVALID_FIELD_MESSAGE }), { error: INVALID_FIELD_MESSAGE })
      .default([])
      .describe(
        `Variable keys whose change runs the script (data-change policy), at most ${SCRIPT_WATCH_MAX}.`,
      ),
    code: z
      .string({ error: INVALID_FIELD_MESSAGE })
      .describe(`JavaScript run in the sandbox, at most ${SCRIPT_CODE_MAX_LENGTH} characters.`),
  })
  .superRefine((script, context) => {
    if (!script.code.trim()) addCatalogueIssue(context, '1001', { field: 'code' }, ['code']);
    else if (script.code.length > SCRIPT_CODE_MAX_LENGTH)
      addCatalogueIssue(context, '1137', { field: 'code', max: SCRIPT_CODE_MAX_LENGTH }, ['code']);
    if (script.policy === 'condition' && script.condition === undefined)
      addCatalogueIssue(context, '1001', { field: 'condition' }, ['condition']);
    if (script.policy === 'data-change' && script.watch.length === 0)
      addCatalogueIssue(context, '1001', { field: 'watch' }, ['watch']);
    if (script.watch.length > SCRIPT_WATCH_MAX)
      addCatalogueIssue(context, '1002', { field: 'watch', max: SCRIPT_WATCH_MAX }, ['watch']);
  });

export type Script = z.infer<typeof scriptSchema>;
export type ScriptInput = z.input<typeof scriptSchema>;
