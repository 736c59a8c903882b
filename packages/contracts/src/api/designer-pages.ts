/**
 * Designer pages of a product (/product/page/*) for the people who edit them, and pages at run
 * time (/equipment/page/*) for everyone who may see the device. Page content itself is checked by
 * the designer's page schema (`@lyyp/contracts/designer`), so its failures name the field inside
 * `con` or `widgets`.
 */
import { z } from 'zod';
import { CATALOGUE_ISSUE_PREFIX } from '../validation/index.ts';
import { PAGE_PASSWORD_MAX_LENGTH, PAGE_TITLE_MAX_LENGTH, PageBindsSchema } from '../designer/index.ts';
import { idField, isoTimeSchema, requiredText } from './common.ts';

/** Main pages open from the device; child pages from other pages. */
export const PAGE_KINDS = ['main', 'child'] as const;
export const PageKindSchema = z.enum(PAGE_KINDS);
export type PageKind = z.infer<typeof PageKindSchema>;

const pageTitle = requiredText('title', PAGE_TITLE_MAX_LENGTH);

// Requests

export const PageListRequestSchema = z.object({ productId: idField });

export const PageAddRequestSchema = z.object({
  productId: idField,
  title: pageTitle,
  kind: PageKindSchema.default('main'),
});
export type PageAddRequest = z.input<typeof PageAddRequestSchema>;

export const PageIdRequestSchema = z.object({ id: idField });

export const PageRenameRequestSchema = z.object({ id: idField, title: pageTitle });
export type PageRenameRequest = z.input<typeof PageRenameRequestSchema>;

/** Without a title the copy is named after the page (" copy" / "-副本"). */
export const PageCopyRequestSchema = z.object({ id: idField, title: pageTitle.optional() });
export type PageCopyRequest = z.input<typeof PageCopyRequestSchema>;

export const PageSetKindRequestSchema = z.object({ id: idField, kind: PageKindSchema });
export type PageSetKindRequest = z.input<typeof PageSetKindRequestSchema>;

/** A part of the page file: JSON text (multipart or form field) or the value itself (JSON body). */
const pagePart = <T extends z.ZodType>(value: T, description: string) =>
  z
    .union([z.string().min(1), value], {
      // Left out or empty is a missing parameter (1001), anything else of the wrong shape is invalid.
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? `${CATALOGUE_ISSUE_PREFIX}1001` : undefined,
    })
    .describe(description);

export const PageSaveRequestSchema = z.object({
  id: idField,
  /** The version the designer loaded; a save over a newer one is refused (1141). */
  version: z.number().int().min(0),
  con: pagePart(
    z.record(z.string(), z.unknown()),
    'Page settings (PageFieldsSchema); a non-empty password with checkpwd sets the page password',
  ),
  widgets: pagePart(z.array(z.unknown()), 'Widgets of the page (WidgetSchema[])'),
  bind: pagePart(z.record(z.string(), z.unknown()), 'Bindings of the page: { equips, signals, keys, mvars }'),
});

export const DevicePagesRequestSchema = z.object({ equipmentId: idField });

export const PageOpenRequestSchema = z.object({
  equipmentId: idField,
  pageId: idField,
  /** Needed when the page asks for its password. */
  password: z.string().max(PAGE_PASSWORD_MAX_LENGTH).optional(),
});
export type PageOpenRequest = z.input<typeof PageOpenRequestSchema>;

// Answers

export const PageSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: PageKindSchema,
  isStart: z.boolean(),
  sortOrder: z.number().int(),
  checkpwd: z.boolean(),
  version: z.number().int(),
  updatedAt: isoTimeSchema,
});
export type PageSummary = z.infer<typeof PageSummarySchema>;

export const PageListSchema = z.array(PageSummarySchema);

/** A page's content as it is answered: `con` never carries the password, only whether one is set. */
export const OpenedPageSchema = z.object({
  con: z.looseObject({ hasPassword: z.boolean().optional() }),
  widgets: z.array(z.unknown()),
  bind: PageBindsSchema,
});
export type OpenedPage = z.infer<typeof OpenedPageSchema>;

/** A page as `load` answers it: its summary, the version a save must name, and its content. */
export const LoadedPageSchema = OpenedPageSchema.extend({
  summary: PageSummarySchema,
  version: z.number().int(),
});
export type LoadedPage = z.infer<typeof LoadedPageSchema>;

export const PageSavedSchema = z.object({ version: z.number().int() });
export type PageSaved = z.infer<typeof PageSavedSchema>;

/** A stored upload (/file/upload): its id and the URL it is served at. */
export const UploadedFileSchema = z.object({ id: z.string(), url: z.string() });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/**
 * A stored scene model (/file/scene/upload): its id (the WebGL widget's `sceneId`), the URL it is
 * served at (always GLB), the name it was uploaded as and its node names, for binding signals.
 */
export const UploadedSceneSchema = UploadedFileSchema.extend({
  name: z.string(),
  nodes: z.array(z.string()),
});
export type UploadedScene = z.infer<typeof UploadedSceneSchema>;

// Faceplate templates of a product (/product/faceplate/*)

/** A product's faceplate templates, newest change first. */
export const FaceplateListRequestSchema = z.object({ productId: idField });

/**
 * A new template (version 1) or a new version of a stored one (its stored version plus one); a
 * version that does not follow the stored one is refused (1141: someone saved first).
 */
export const FaceplateSaveRequestSchema = z.object({
  productId: idField,
  // Checked against FaceplateTemplateSchema by the service, so its failures name the field inside it.
  template: z.record(z.string(), z.unknown()).describe('A faceplate template (FaceplateTemplateSchema)'),
});
export type FaceplateSaveRequest = z.input<typeof FaceplateSaveRequestSchema>;

export const FaceplateDeleteRequestSchema = z.object({ productId: idField, id: z.string().min(1).max(64) });

/** Templates as stored (each a FaceplateTemplateSchema document). */
export const FaceplateListSchema = z.array(
  z.looseObject({ id: z.string(), title: z.string(), version: z.number().int() }),
);
export const FaceplateSavedSchema = z.object({ id: z.string(), version: z.number().int() });
export type FaceplateSaved = z.infer<typeof FaceplateSavedSchema>;
