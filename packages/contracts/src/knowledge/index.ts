/**
 * The product knowledge base (§2 product/knowledge/:id): articles per product — a title, a short
 * summary, a rich-text body with images and attachments — searchable over title and body. Product
 * editors write them in the back-office; end users read those of their device's product from the
 * device detail, and an alarm rule may link one so that the alarm shows "what to do" beside it.
 *
 * The body is HTML that the server sanitises before it stores it (only the tags and attributes of
 * `KNOWLEDGE_ALLOWED_TAGS`, links http/https/relative, images from the platform's file store or
 * http/https). Images and attachments are uploaded on their own first and named by the save.
 */
import { z } from 'zod';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  optionalText,
  requiredText,
} from '../device-model/issues.ts';
import { idField, pageSchema, pagingFields } from '../api/common.ts';

/** Back-office paths (product editors), relative to `API_PREFIX`. */
export const KNOWLEDGE_API_PATHS = {
  list: '/product/knowledge/list',
  info: '/product/knowledge/info',
  add: '/product/knowledge/add',
  edit: '/product/knowledge/edit',
  delete: '/product/knowledge/delete',
  /** Multipart field `file`: an image of the body (jpg, png, gif, svg, ico). */
  uploadImage: '/product/knowledge/image',
  /** Multipart field `file`: any attachment, streamed to the file store. */
  uploadAttachment: '/product/knowledge/attachment',
} as const;

/** Monitoring-site paths: the articles of a device's product, read-only, for whoever may see the device. */
export const DEVICE_KNOWLEDGE_API_PATHS = {
  list: '/equipment/knowledge/list',
  info: '/equipment/knowledge/info',
} as const;

export const KNOWLEDGE_UPLOAD_FIELD = 'file';
export const KNOWLEDGE_TITLE_MAX_LENGTH = 100;
export const KNOWLEDGE_SUMMARY_MAX_LENGTH = 300;
/** Characters of HTML a body may hold (images are files, so text and markup only). */
export const KNOWLEDGE_BODY_MAX_LENGTH = 100_000;
export const KNOWLEDGE_KEYWORD_MAX_LENGTH = 100;
export const KNOWLEDGE_ATTACHMENTS_MAX = 20;
/** §5, §9: an image is under 100K (a file of 100 × 1024 bytes or more is refused, 1802). */
export const KNOWLEDGE_IMAGE_MAX_BYTES = 100 * 1024 - 1;
export const KNOWLEDGE_IMAGE_MAX_LABEL = '100K';
export const KNOWLEDGE_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const KNOWLEDGE_ATTACHMENT_MAX_LABEL = '20 MB';

/** Tags a body keeps; everything else is removed (its text kept, unless it is a script or style). */
export const KNOWLEDGE_ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'span',
  'div',
] as const;
/** Attributes a body keeps, per tag (`href` and `src` also pass the address rule). */
export const KNOWLEDGE_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

const articleId = idField;
const keywordField = z.string().trim().max(KNOWLEDGE_KEYWORD_MAX_LENGTH).optional();

export const knowledgeAttachmentRefSchema = z.object({ id: idField });

export const knowledgeListBodySchema = z.object({
  ...pagingFields,
  productId: idField,
  /** Part of the title or of the body's text (any language, case ignored). */
  keyword: keywordField,
});
export type KnowledgeListBody = z.input<typeof knowledgeListBodySchema>;

export const knowledgeIdBodySchema = z.object({ productId: idField, id: articleId });
export type KnowledgeIdBody = z.input<typeof knowledgeIdBodySchema>;

export const knowledgeAddBodySchema = z.object({
  productId: idField,
  title: requiredText('title', KNOWLEDGE_TITLE_MAX_LENGTH),
  summary: optionalText('summary', KNOWLEDGE_SUMMARY_MAX_LENGTH).default(''),
  /** HTML; sanitised by the server, which answers what it kept. */
  body: z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (value.length > KNOWLEDGE_BODY_MAX_LENGTH)
      addCatalogueIssue(context, '2762', { max: KNOWLEDGE_BODY_MAX_LENGTH });
  }),
  /** Uploaded attachments, in the order shown. */
  attachments: z
    .array(knowledgeAttachmentRefSchema, { error: INVALID_FIELD_MESSAGE })
    .max(KNOWLEDGE_ATTACHMENTS_MAX, { error: INVALID_FIELD_MESSAGE })
    .default([]),
});
export type KnowledgeAddBody = z.input<typeof knowledgeAddBodySchema>;

export const knowledgeEditBodySchema = knowledgeAddBodySchema.extend({ id: articleId });
export type KnowledgeEditBody = z.input<typeof knowledgeEditBodySchema>;

export const deviceKnowledgeListBodySchema = z.object({
  ...pagingFields,
  deviceId: idField,
  keyword: keywordField,
});
export type DeviceKnowledgeListBody = z.input<typeof deviceKnowledgeListBodySchema>;

export const deviceKnowledgeIdBodySchema = z.object({ deviceId: idField, id: articleId });
export type DeviceKnowledgeIdBody = z.input<typeof deviceKnowledgeIdBodySchema>;

// Answers

/** An uploaded image or attachment; `url` is its address in the platform's file store. */
export const knowledgeFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  url: z.string(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;

export const knowledgeArticleSummarySchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  summary: z.string(),
  authorName: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type KnowledgeArticleSummary = z.infer<typeof knowledgeArticleSummarySchema>;

export const knowledgeArticleSchema = knowledgeArticleSummarySchema.extend({
  /** Sanitised HTML. */
  body: z.string(),
  attachments: z.array(knowledgeFileSchema),
  createdAt: z.number().int(),
});
export type KnowledgeArticle = z.infer<typeof knowledgeArticleSchema>;

export const knowledgePageSchema = pageSchema(knowledgeArticleSummarySchema);
export type KnowledgePage = z.infer<typeof knowledgePageSchema>;

/** The article an alarm record links (through its rule), as the record lists show it. */
export const linkedArticleSchema = z.object({ id: z.string(), title: z.string() });
export type LinkedArticle = z.infer<typeof linkedArticleSchema>;
