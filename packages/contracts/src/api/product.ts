/**
 * Products (§3 Product, §7 /product/*) with their drivers and variables: what the paths accept and
 * what they answer. The server validates requests and documents answers with these schemas; the
 * console's calls are typed by the inferred types.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH, checkImageAddress, checkedString, maxLengthCheck } from '../validation/index.ts';
import {
  deviceModelSchema,
  driverSaveSchema,
  presentedDeviceModelSchema,
  presentedDriverSchema,
  variableSchema,
} from '../device-model/index.ts';
import {
  CapacityUseSchema,
  SHEET_FORMATS,
  idField,
  isoTimeSchema,
  latitudeField,
  limitedText,
  longitudeField,
  pageSchema,
  pagingFields,
  requiredText,
} from './common.ts';

/** Limits of product texts the specification leaves open ("descriptions max 100 or 500"). */
export const PRODUCT_MODEL_MAX_LENGTH = 50;
export const DESCRIPTION_MAX_LENGTH = 500;
export const IMAGE_URL_MAX_LENGTH = 500;
export const MODEL_ID_MAX_LENGTH = 64;

export const PRODUCT_STATUSES = ['development', 'published'] as const;
export const ProductStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

/** Editable product fields (§3 Product). */
const productFields = {
  title: requiredText('title', NAME_MAX_LENGTH),
  productModel: limitedText('productModel', PRODUCT_MODEL_MAX_LENGTH),
  imgUrl: checkedString(maxLengthCheck('imgUrl', IMAGE_URL_MAX_LENGTH), checkImageAddress('imgUrl')),
  note: limitedText('note', DESCRIPTION_MAX_LENGTH),
  modelId: limitedText('modelId', MODEL_ID_MAX_LENGTH),
  latitude: latitudeField,
  longitude: longitudeField,
};

/** The document exportProduct answers and importProduct reads back (`format` and `version` name it). */
export const PRODUCT_DOCUMENT_FORMAT = 'lyyp-product';
export const PRODUCT_DOCUMENT_VERSION = 2;
/** Versions importProduct still reads: 1 carried the product and its model only. */
export const PRODUCT_DOCUMENT_READABLE_VERSIONS = [1, 2] as const;

// Requests

export const ProductQueryRequestSchema = z.object({
  ...pagingFields,
  /** Matches the title or the product model. */
  keyword: z.string().trim().max(100).optional(),
  status: ProductStatusSchema.optional(),
  ownerAccountId: z.string().optional(),
});
export type ProductQueryRequest = z.input<typeof ProductQueryRequestSchema>;

export const ProductQueryAllRequestSchema = z.object({ status: ProductStatusSchema.optional() });

export const ProductAddRequestSchema = z.object({
  title: productFields.title,
  productModel: productFields.productModel.optional(),
  imgUrl: productFields.imgUrl.optional(),
  note: productFields.note.optional(),
  modelId: productFields.modelId.optional(),
  latitude: productFields.latitude.optional(),
  longitude: productFields.longitude.optional(),
});
export type ProductAddRequest = z.input<typeof ProductAddRequestSchema>;

/** Fields left out stay as they are; an empty value clears an optional one. */
export const ProductEditRequestSchema = z.object({
  id: idField,
  title: productFields.title.optional(),
  productModel: productFields.productModel.optional(),
  imgUrl: productFields.imgUrl.nullable().optional(),
  note: productFields.note.nullable().optional(),
  modelId: productFields.modelId.nullable().optional(),
  latitude: productFields.latitude.nullable().optional(),
  longitude: productFields.longitude.nullable().optional(),
});
export type ProductEditRequest = z.input<typeof ProductEditRequestSchema>;

export const ProductIdRequestSchema = z.object({ id: idField });

export const ProductCopyRequestSchema = z.object({ id: idField, title: productFields.title.optional() });

/**
 * The text fields of importProduct. The document itself travels as `json`: a file part of a
 * multipart upload, its text in a form field, or the object in a JSON body (the server adds it).
 */
export const ProductImportFieldsSchema = z.object({
  title: productFields.title.optional(),
  productModel: productFields.productModel.optional(),
  imgUrl: productFields.imgUrl.optional(),
  note: productFields.note.optional(),
});

const productIdField = { productId: idField };

export const DriverListRequestSchema = z.object(productIdField);

/**
 * Adds a driver, or replaces the one keyed `originalKey` (its variables follow a key change). An
 * OPC UA secret left out keeps the one stored under `originalKey`; null removes it.
 */
export const DriverSaveRequestSchema = z.object({
  ...productIdField,
  originalKey: z.string().optional(),
  driver: driverSaveSchema,
});

export const DriverDeleteRequestSchema = z.object({ ...productIdField, key: z.string().min(1) });

export const VariableListRequestSchema = z.object({
  ...productIdField,
  ...pagingFields,
  /** Matches the name or the key. */
  keyword: z.string().trim().max(100).optional(),
  driverKey: z.string().optional(),
});
export type VariableListRequest = z.input<typeof VariableListRequestSchema>;

export const VariableAddRequestSchema = z.object({ ...productIdField, variable: variableSchema });

export const VariableEditRequestSchema = z.object({
  ...productIdField,
  key: z.string().min(1),
  variable: variableSchema,
});

export const VariableDeleteRequestSchema = z.object({
  ...productIdField,
  keys: z.array(z.string().min(1)).min(1).max(1000),
});

export const VariableCopyRequestSchema = z.object({
  ...productIdField,
  key: z.string().min(1),
  newKey: z.string().optional(),
  name: z.string().optional(),
});

export const VARIABLE_IMPORT_MODES = ['merge', 'replace'] as const;
export type VariableImportMode = (typeof VARIABLE_IMPORT_MODES)[number];

/**
 * The text fields of a variable import; the sheet travels as `file` (multipart part or base64).
 * `merge` replaces variables with the same key and adds the others; `replace` swaps the whole list.
 */
export const VariableImportFieldsSchema = z.object({
  ...productIdField,
  mode: z.enum(VARIABLE_IMPORT_MODES).default('merge'),
});

export const VariableExportRequestSchema = z.object({
  ...productIdField,
  format: z.enum(SHEET_FORMATS).default('xlsx'),
});

// Answers

/** Used/total of what the model document holds; the numbers are the product's hardware model's. */
export const ProductCapacitySchema = z.object({
  drivers: CapacityUseSchema,
  variables: CapacityUseSchema,
  scripts: CapacityUseSchema,
});
export type ProductCapacity = z.infer<typeof ProductCapacitySchema>;

const productColumns = {
  id: z.string(),
  title: z.string(),
  productModel: z.string(),
  imgUrl: z.string().nullable(),
  note: z.string().nullable(),
  modelId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: ProductStatusSchema,
  modelVersion: z.number().int(),
  ownerAccountId: z.string(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
};

/** A product as lists show it: no model, but how much of it there is. */
export const ProductSummarySchema = z.object({
  ...productColumns,
  ownerName: z.string().nullable(),
  driverCount: z.number().int(),
  variableCount: z.number().int(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductPageSchema = pageSchema(ProductSummarySchema);

/**
 * A product with its model: what creating, editing, publishing and copying answer. Driver secrets
 * are never answered, only whether they are set.
 */
export const ProductRecordSchema = z.object({ ...productColumns, model: presentedDeviceModelSchema });
export type ProductRecord = z.infer<typeof ProductRecordSchema>;

/** A product with its model, how full it is and how many devices use it (/product/info). */
export const ProductDetailSchema = ProductRecordSchema.extend({
  capacity: ProductCapacitySchema,
  deviceCount: z.number().int(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** A product a device may be bound to (/product/queryAll). */
export const SelectableProductSchema = ProductSummarySchema.pick({
  id: true,
  title: true,
  productModel: true,
  status: true,
  ownerAccountId: true,
});
export type SelectableProduct = z.infer<typeof SelectableProductSchema>;

/** A designer page in a product document: its settings and saved content (never its password). */
export const ProductDocumentPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['main', 'child']),
  isStart: z.boolean(),
  sortOrder: z.number().int(),
  /** The saved file `{ con, widgets, bind }`; null for a page nobody has saved yet. */
  content: z.record(z.string(), z.unknown()).nullable(),
});
export type ProductDocumentPage = z.infer<typeof ProductDocumentPageSchema>;

export const ProductDocumentSchema = z.object({
  format: z.literal(PRODUCT_DOCUMENT_FORMAT),
  version: z.literal(PRODUCT_DOCUMENT_VERSION),
  exportedAt: isoTimeSchema,
  product: z.object({
    title: z.string(),
    productModel: z.string(),
    imgUrl: z.string().nullable(),
    note: z.string().nullable(),
    modelId: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  /** Exported without driver secrets (OPC UA passwords and private keys): entered again after an import. */
  model: deviceModelSchema,
  /**
   * Version 2: what else belongs to the product, each under the id it has on the exporting
   * platform; an import gives everything new ids and rewrites the references between them.
   */
  pages: z.array(ProductDocumentPageSchema).optional(),
  reports: z.array(z.record(z.string(), z.unknown())).optional(),
  alarms: z
    .object({
      groups: z.array(z.record(z.string(), z.unknown())),
      rules: z.array(z.record(z.string(), z.unknown())),
      statusAlarms: z.record(z.string(), z.unknown()).nullable(),
    })
    .optional(),
});
export type ProductDocument = z.infer<typeof ProductDocumentSchema>;

/** Every change of the model answers the new version and how full the product is. */
export const ModelChangeSchema = z.object({
  productId: z.string(),
  modelVersion: z.number().int(),
  capacity: ProductCapacitySchema,
});
export type ModelChange = z.infer<typeof ModelChangeSchema>;

export const VariableCopyAnswerSchema = ModelChangeSchema.extend({ variable: variableSchema });
export type VariableCopyAnswer = z.infer<typeof VariableCopyAnswerSchema>;

export const VariableImportAnswerSchema = ModelChangeSchema.extend({ imported: z.number().int() });
export type VariableImportAnswer = z.infer<typeof VariableImportAnswerSchema>;

export const DriverListSchema = z.object({
  list: z.array(presentedDriverSchema),
  capacity: CapacityUseSchema,
});
export type DriverList = z.infer<typeof DriverListSchema>;

export const VariableListSchema = pageSchema(variableSchema).extend({ capacity: CapacityUseSchema });
export type VariableList = z.infer<typeof VariableListSchema>;
