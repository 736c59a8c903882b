/**
 * Request bodies of the product paths (§7 /product/*) and of the drivers and variables of a
 * product. Limits come from contracts; the few this module adds are named here.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH, checkedString, maxLengthCheck, type Check } from '@lyyp/contracts';
import { driverSchema, variableSchema } from '@lyyp/contracts/device-model';
import { pagingFields, uploadedFile } from './catalogue-route.ts';
import { SHEET_FORMATS } from './spreadsheet.ts';

/** Limits of product texts the specification leaves open ("descriptions max 100 or 500"). */
export const PRODUCT_MODEL_MAX_LENGTH = 50;
export const DESCRIPTION_MAX_LENGTH = 500;
export const IMAGE_URL_MAX_LENGTH = 500;
export const MODEL_ID_MAX_LENGTH = 64;

/** A blank required text is a missing parameter (1001). */
export function requiredCheck(field: string): Check {
  return (value) => (value.trim() ? null : { code: '1001', params: { field } });
}

export const requiredText = (field: string, max: number) =>
  checkedString(requiredCheck(field), maxLengthCheck(field, max));
export const limitedText = (field: string, max: number) => checkedString(maxLengthCheck(field, max));

export const latitudeField = z.number().min(-90).max(90);
export const longitudeField = z.number().min(-180).max(180);
export const idField = z.string().trim().min(1).max(64);

const productStatus = z.enum(['development', 'published']);

/** Editable product fields (§3 Product). */
const productFields = {
  title: requiredText('title', NAME_MAX_LENGTH),
  productModel: limitedText('productModel', PRODUCT_MODEL_MAX_LENGTH),
  imgUrl: limitedText('imgUrl', IMAGE_URL_MAX_LENGTH),
  note: limitedText('note', DESCRIPTION_MAX_LENGTH),
  modelId: limitedText('modelId', MODEL_ID_MAX_LENGTH),
  latitude: latitudeField,
  longitude: longitudeField,
};

export const productQuerySchema = z.object({
  ...pagingFields,
  /** Matches the title or the product model. */
  keyword: z.string().trim().max(100).optional(),
  status: productStatus.optional(),
  ownerAccountId: z.string().optional(),
});

export const productQueryAllSchema = z.object({ status: productStatus.optional() });

export const productAddSchema = z.object({
  title: productFields.title,
  productModel: productFields.productModel.optional(),
  imgUrl: productFields.imgUrl.optional(),
  note: productFields.note.optional(),
  modelId: productFields.modelId.optional(),
  latitude: productFields.latitude.optional(),
  longitude: productFields.longitude.optional(),
});
export type ProductAddRequest = z.infer<typeof productAddSchema>;

/** Fields left out stay as they are; an empty value clears an optional one. */
export const productEditSchema = z.object({
  id: idField,
  title: productFields.title.optional(),
  productModel: productFields.productModel.optional(),
  imgUrl: productFields.imgUrl.nullable().optional(),
  note: productFields.note.nullable().optional(),
  modelId: productFields.modelId.nullable().optional(),
  latitude: productFields.latitude.nullable().optional(),
  longitude: productFields.longitude.nullable().optional(),
});
export type ProductEditRequest = z.infer<typeof productEditSchema>;

export const productIdSchema = z.object({ id: idField });

export const productCopySchema = z.object({ id: idField, title: productFields.title.optional() });

/**
 * `json` is an exported product document (or a bare `{ drivers, variables }` model): a file part of
 * a multipart upload, its text in a form field, or the object itself in a JSON body.
 */
export const productImportSchema = z.object({
  title: productFields.title.optional(),
  productModel: productFields.productModel.optional(),
  json: z.union([z.instanceof(Buffer), z.string().min(1), z.record(z.string(), z.unknown())]),
  imgUrl: productFields.imgUrl.optional(),
  note: productFields.note.optional(),
});
export type ProductImportRequest = z.infer<typeof productImportSchema>;

// Drivers and variables of a product

const productIdField = { productId: idField };

export const driverListSchema = z.object(productIdField);

/** Adds a driver, or replaces the one keyed `originalKey` (its variables follow a key change). */
export const driverSaveSchema = z.object({
  ...productIdField,
  originalKey: z.string().optional(),
  driver: driverSchema,
});

export const driverDeleteSchema = z.object({ ...productIdField, key: z.string().min(1) });

export const variableListSchema = z.object({
  ...productIdField,
  ...pagingFields,
  /** Matches the name or the key. */
  keyword: z.string().trim().max(100).optional(),
  driverKey: z.string().optional(),
});

export const variableAddSchema = z.object({ ...productIdField, variable: variableSchema });

export const variableEditSchema = z.object({
  ...productIdField,
  key: z.string().min(1),
  variable: variableSchema,
});

export const variableDeleteSchema = z.object({
  ...productIdField,
  keys: z.array(z.string().min(1)).min(1).max(1000),
});

export const variableCopySchema = z.object({
  ...productIdField,
  key: z.string().min(1),
  newKey: z.string().optional(),
  name: z.string().optional(),
});

export const VARIABLE_IMPORT_MODES = ['merge', 'replace'] as const;
export type VariableImportMode = (typeof VARIABLE_IMPORT_MODES)[number];

/** `merge` replaces variables with the same key and adds the others; `replace` swaps the whole list. */
export const variableImportSchema = z.object({
  ...productIdField,
  file: uploadedFile,
  mode: z.enum(VARIABLE_IMPORT_MODES).default('merge'),
});

export const variableExportSchema = z.object({
  ...productIdField,
  format: z.enum(SHEET_FORMATS).default('xlsx'),
});
