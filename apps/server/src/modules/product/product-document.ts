/**
 * The exported product document: what /product/advance/exportProduct answers (and
 * exportProductFile downloads) and /product/advance/importProduct reads back. Versioned so older
 * documents stay importable; version 2 adds the pages, reports and alarms (product-bundle.ts).
 */
import { z } from 'zod';
import {
  CatalogueError,
  NAME_MAX_LENGTH,
  checkImageAddress,
  checkedString,
  maxLengthCheck,
  PRODUCT_DOCUMENT_FORMAT,
  PRODUCT_DOCUMENT_READABLE_VERSIONS,
  PRODUCT_DOCUMENT_VERSION,
  type ProductDocument,
  type ProductDocumentPage,
} from '@lyyp/contracts';
import { withoutDriverSecrets } from '@lyyp/contracts/device-model';
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
import { portableBundle, type ProductBundle } from './product-bundle.ts';

export { PRODUCT_DOCUMENT_FORMAT, PRODUCT_DOCUMENT_VERSION, type ProductDocument };

const documentProductSchema = z.object({
  title: limitedText('title', NAME_MAX_LENGTH).nullish(),
  productModel: limitedText('productModel', PRODUCT_MODEL_MAX_LENGTH).nullish(),
  // The rule of every stored picture address (1651), as adding or editing a product holds it.
  imgUrl: checkedString(
    maxLengthCheck('imgUrl', IMAGE_URL_MAX_LENGTH),
    checkImageAddress('imgUrl'),
  ).nullish(),
  note: limitedText('note', DESCRIPTION_MAX_LENGTH).nullish(),
  modelId: limitedText('modelId', MODEL_ID_MAX_LENGTH).nullish(),
  latitude: latitudeField.nullish(),
  longitude: longitudeField.nullish(),
});

const documentSchema = z.object({
  format: z.literal(PRODUCT_DOCUMENT_FORMAT),
  version: z.union(PRODUCT_DOCUMENT_READABLE_VERSIONS.map((version) => z.literal(version))),
  product: documentProductSchema.default({}),
  model: z.unknown(),
  pages: z.unknown().optional(),
  reports: z.unknown().optional(),
  alarms: z.unknown().optional(),
});

export interface ParsedProductDocument {
  product: z.infer<typeof documentProductSchema>;
  /** Not yet checked: the caller validates it as a whole model with the product's capacity. */
  model: unknown;
  /** Pages, reports and alarms, not yet checked (`checkBundle`); empty for a version 1 document. */
  bundle: { pages?: unknown; reports?: unknown; alarms?: unknown };
}

export function toProductDocument(
  product: ProductRow,
  bundle: ProductBundle,
  exportedAt: Date,
): ProductDocument {
  const portable = portableBundle(bundle);
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
    pages: portable.pages.map((page): ProductDocumentPage => ({ ...page })),
    reports: portable.reports,
    alarms: portable.alarms,
  };
}

/** The document inside a saved API answer (`{ code, message, data: document }`), or the value itself. */
function unwrapEnvelope(value: object): object {
  const data = 'data' in value && 'code' in value ? value.data : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data) && 'format' in data ? data : value;
}

/** The type a product file is sent as (JSON text, told apart from an answer envelope). */
export const PRODUCT_FILE_CONTENT_TYPE = 'application/vnd.lyyp-product+json; charset=utf-8';

/** The file name an export downloads as: the title without characters file systems refuse. */
export function productDocumentFileName(title: string): string {
  const safe =
    [...title]
      .map((character) => (character < ' ' || '\\/:*?"<>|'.includes(character) ? '_' : character))
      .join('')
      .trim() || 'product';
  return `${safe}.lyyp-product.json`;
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
  const document = unwrapEnvelope(value);
  if (!('format' in document) && ('drivers' in document || 'variables' in document))
    return { product: {}, model: document, bundle: {} };
  const parsed = documentSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw catalogueErrorOfIssue(issue, prefixed('json.'));
  }
  const { product, model, pages, reports, alarms } = parsed.data;
  return { product, model, bundle: { pages, reports, alarms } };
}
