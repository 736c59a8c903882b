/**
 * The API of computed variables and edge scripts (`/lyyp/developer/product/formula/*`,
 * `/product/script/*`, `/device/script/status`): paths, request bodies and answers, written
 * once. Scripts and formulas live in the product's device model, so saving one is a model change
 * (new model version, configuration pushed to the gateways).
 */
import { z } from 'zod';
import { VARIABLE_KINDS, scriptSchema } from '../device-model/index.ts';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { entityId } from '../alarm/fields.ts';
import { scriptStateSchema } from '../protocol/payloads.ts';

export const EDGE_LOGIC_API_PATHS = {
  formulaList: '/product/formula/list',
  formulaSave: '/product/formula/save',
  scriptList: '/product/script/list',
  scriptSave: '/product/script/save',
  scriptDelete: '/product/script/delete',
  scriptEnable: '/product/script/enable',
  deviceScriptStatus: '/device/script/status',
} as const;

const id = entityId;

const capacitySchema = z.object({ used: z.number().int(), total: z.number().int() });

// Formulas -----------------------------------------------------------------------------------------

export const formulaListBodySchema = z.object({ productId: id('productId') });

/** A variable a formula may read, for the formula editor's list of names. */
export const formulaInputSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(VARIABLE_KINDS),
  unit: z.string(),
});

export const computedVariableSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(VARIABLE_KINDS),
  unit: z.string(),
  formula: z.string(),
  /** Computed variables it reads (computed before it). */
  dependsOn: z.array(z.string()),
  /** Other variables it reads (device and internal). */
  inputs: z.array(z.string()),
  /** Computed variables that read it. */
  usedBy: z.array(z.string()),
  /** Its place in the order the gateway computes them, from 1. */
  order: z.number().int(),
});
export type ComputedVariable = z.infer<typeof computedVariableSchema>;

export const formulaListAnswerSchema = z.object({
  productId: z.string(),
  list: z.array(computedVariableSchema),
  variables: z.array(formulaInputSchema),
});
export type FormulaListAnswer = z.infer<typeof formulaListAnswerSchema>;

/** Sets the formula of an intermediate or summary variable (checked with every other formula). */
export const formulaSaveBodySchema = z.object({
  productId: id('productId'),
  key: id('key'),
  formula: z.string({ error: INVALID_FIELD_MESSAGE }),
});

// Scripts ------------------------------------------------------------------------------------------

export const scriptListBodySchema = z.object({ productId: id('productId') });

export const scriptListAnswerSchema = z.object({
  productId: z.string(),
  list: z.array(scriptSchema),
  /** §9 scripts per gateway, used/total; adding beyond it answers 2351. */
  capacity: capacitySchema,
});
export type ScriptListAnswer = z.infer<typeof scriptListAnswerSchema>;

/** Adds a script, or replaces the one keyed `originalKey`. */
export const scriptSaveBodySchema = z.object({
  productId: id('productId'),
  originalKey: z.string().optional(),
  script: scriptSchema,
});

export const scriptDeleteBodySchema = z.object({ productId: id('productId'), key: id('key') });

export const scriptEnableBodySchema = z.object({
  productId: id('productId'),
  key: id('key'),
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: INVALID_FIELD_MESSAGE,
  }),
});

export const scriptChangeAnswerSchema = z.object({
  productId: z.string(),
  modelVersion: z.number().int(),
  capacity: capacitySchema,
});
export type ScriptChangeAnswer = z.infer<typeof scriptChangeAnswerSchema>;

// Script states of a device ------------------------------------------------------------------------

export const deviceScriptStatusBodySchema = z.object({ id: id('id') });

export const deviceScriptRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  policy: scriptSchema.shape.policy,
  enabled: z.boolean(),
  /** As the gateway last reported it; null until it has. */
  state: scriptStateSchema.nullable(),
  /** When the platform received that report (ISO time). */
  reportedAt: z.string().nullable(),
});
export type DeviceScriptRow = z.infer<typeof deviceScriptRowSchema>;

export const deviceScriptStatusAnswerSchema = z.object({
  deviceId: z.string(),
  /** Model version the states were reported for (null: none yet). */
  configVersion: z.number().int().nullable(),
  list: z.array(deviceScriptRowSchema),
});
export type DeviceScriptStatusAnswer = z.infer<typeof deviceScriptStatusAnswerSchema>;
