/**
 * Request bodies of the product paths (§7 /product/*) and of the drivers and variables of a
 * product. The schemas are the contract's (`@lyyp/contracts`, src/api/product.ts); this module adds
 * what only the server reads: uploaded files, which arrive as Buffers from multipart bodies.
 */
import { z } from 'zod';
import {
  DriverDeleteRequestSchema,
  DriverListRequestSchema,
  DriverSaveRequestSchema,
  ProductAddRequestSchema,
  ProductCopyRequestSchema,
  ProductEditRequestSchema,
  ProductIdRequestSchema,
  ProductImportFieldsSchema,
  ProductQueryAllRequestSchema,
  ProductQueryRequestSchema,
  VariableAddRequestSchema,
  VariableCopyRequestSchema,
  VariableDeleteRequestSchema,
  VariableEditRequestSchema,
  VariableExportRequestSchema,
  VariableImportFieldsSchema,
  VariableListRequestSchema,
} from '@lyyp/contracts';
import { uploadedFile } from './catalogue-route.ts';

export {
  DESCRIPTION_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  MODEL_ID_MAX_LENGTH,
  PRODUCT_MODEL_MAX_LENGTH,
  VARIABLE_IMPORT_MODES,
  idField,
  latitudeField,
  limitedText,
  longitudeField,
  requiredCheck,
  requiredText,
  type VariableImportMode,
} from '@lyyp/contracts';

export const productQuerySchema = ProductQueryRequestSchema;
export const productQueryAllSchema = ProductQueryAllRequestSchema;
export const productAddSchema = ProductAddRequestSchema;
export type ProductAddRequest = z.infer<typeof productAddSchema>;
export const productEditSchema = ProductEditRequestSchema;
export type ProductEditRequest = z.infer<typeof productEditSchema>;
export const productIdSchema = ProductIdRequestSchema;
export const productCopySchema = ProductCopyRequestSchema;

/**
 * `json` is an exported product document (or a bare `{ drivers, variables }` model): a file part of
 * a multipart upload, its text in a form field, or the object itself in a JSON body.
 */
export const productImportSchema = ProductImportFieldsSchema.extend({
  json: z.union([z.instanceof(Buffer), z.string().min(1), z.record(z.string(), z.unknown())]),
});
export type ProductImportRequest = z.infer<typeof productImportSchema>;

export const driverListSchema = DriverListRequestSchema;
export const driverSaveSchema = DriverSaveRequestSchema;
export const driverDeleteSchema = DriverDeleteRequestSchema;
export const variableListSchema = VariableListRequestSchema;
export const variableAddSchema = VariableAddRequestSchema;
export const variableEditSchema = VariableEditRequestSchema;
export const variableDeleteSchema = VariableDeleteRequestSchema;
export const variableCopySchema = VariableCopyRequestSchema;
export const variableImportSchema = VariableImportFieldsSchema.extend({ file: uploadedFile });
export const variableExportSchema = VariableExportRequestSchema;
