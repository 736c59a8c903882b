/**
 * The exported product document: what /product/advance/exportProduct answers and
 * /product/advance/importProduct reads back. Versioned so older documents stay importable.
 */
import { z } from 'zod';
import { CatalogueError, NAME_MAX_LENGTH } from '@lyyp/contracts';
import { withoutDriverSecrets, type DeviceModel } from '@lyyp/contracts/device-model';
import type { ProductRow } from './product.repository.ts';
import {
  DESCRIPTION_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  MODEL_ID_MAX_LENGTH,
  PRODUCT_MODEL_MAX_LENGTH,
  latitudeField,
  limitedText,
  longitudeField,
} from './product.schemas.ts';
import { catalogueErrorOfIssue, prefixed } from './model-validation.ts';

export const PRODUCT_DOCUMENT_FORMAT = 'lyyp-product';
export const PRODUCT_DOCUMENT_VERSION = 1;

export interface ProductDocument {
  format: typeof PRODUCT_DOCUMENT_FORMAT;
  version: typeof PRODUCT_DOCUMENT_VERSION;
  exportedAt: string;
  product: {
    title: string;
    productModel: string;
    imgUrl: string | null;
    note: string | null;
    modelId: string | null;
    latitude: number | null;
    longitude: number | null;
  };
  model: DeviceModel;
}

const documentProductSchema = z.object({
  title: limitedText('title', NAME_MAX_LENGTH).nullish(),
  productModel: limitedText('productModel', PRODUCT_MODEL_MAX_LENGTH).nullish(),
  imgUrl: limitedText('imgUrl', IMAGE_URL_MAX_LENGTH).nullish(),
  note: limitedText('note', DESCRIPTION_MAX_LENGTH).nullish(),
  modelId: limitedText('modelId', MODEL_ID_MAX_LENGTH).nullish(),
  latitude: latitudeField.nullish(),
  longitude: longitudeField.nullish(),
});

const documentSchema = z.object({
  format: z.literal(PRODUCT_DOCUMENT_FORMAT),
  version: z.literal(PRODUCT_DOCUMENT_VERSION),
  product: documentProductSchema.default({}),
  model: z.unknown(),
});

export interface ParsedProductDocument {
  product: z.infer<typeof documentProductSchema>;
  /** Not yet checked: the caller validates it as a whole model with the product's capacity. */
  model: unknown;
}

export function toProductDocument(product: ProductRow, exportedAt: Date): ProductDocument {
  return {
    format: PRODUCT_DOCUMENT_FORMAT,
    version: PRODUCT_DOCUMENT_VERSION,
    exportedAt: exportedAt.toISOString(),
    product: {
      title: product.title,
      productModel: product.productModel,
      imgUrl: product.imgUrl,
      note: product.note,
      modelId: product.modelId,
      latitude: product.latitude,
      longitude: product.longitude,
    },
    // Secrets stay on this platform: whoever imports the document enters them again.
    model: withoutDriverSecrets(product.model),
  };
}

/** Reads a document, or a bare `{ drivers, variables }` model; errors name fields under `json.`. */
export function parseProductDocument(json: Buffer | string | Record<string, unknown>): ParsedProductDocument {
  let value: unknown = json;
  if (typeof json === 'string' || Buffer.isBuffer(json)) {
    const text = (Buffer.isBuffer(json) ? json.toString('utf8') : json).replace(/^\uFEFF/, '');
    try {
      value = JSON.parse(text);
    } catch {
      throw new CatalogueError('1002', { field: 'json' });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CatalogueError('1002', { field: 'json' });
  if (!('format' in value) && ('drivers' in value || 'variables' in value))
    return { product: {}, model: value };
  const parsed = documentSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw catalogueErrorOfIssue(issue, prefixed('json.'));
  }
  return { product: parsed.data.product, model: parsed.data.model };
}
