/**
 * Paths and request bodies of the designer pages (/product/page/*) and of pages at run time
 * (/equipment/page/*). Limits come from contracts. Page content is checked by the designer's page
 * schema in the service, so its failures name the field inside `con` or `widgets`.
 */
import { z } from 'zod';
import { CATALOGUE_ISSUE_PREFIX } from '@lyyp/contracts';
import { PAGE_PASSWORD_MAX_LENGTH, PAGE_TITLE_MAX_LENGTH } from '@lyyp/contracts/designer';
import { idField, requiredText } from '../product/product.schemas.ts';
import { PAGE_KINDS } from './page-order.ts';

export const DESIGNER_PATHS = {
  list: '/product/page/list',
  add: '/product/page/add',
  rename: '/product/page/rename',
  copy: '/product/page/copy',
  delete: '/product/page/delete',
  setStart: '/product/page/setStart',
  setKind: '/product/page/setKind',
  load: '/product/page/load',
  save: '/product/page/save',
  viewerList: '/equipment/page/list',
  viewerOpen: '/equipment/page/open',
} as const;

const pageKind = z.enum(PAGE_KINDS);
const pageTitle = requiredText('title', PAGE_TITLE_MAX_LENGTH);

export const pageListSchema = z.object({ productId: idField });

export const pageAddSchema = z.object({
  productId: idField,
  title: pageTitle,
  /** Main pages open from the device; child pages from other pages. */
  kind: pageKind.default('main'),
});

export const pageIdSchema = z.object({ id: idField });

export const pageRenameSchema = z.object({ id: idField, title: pageTitle });

/** Without a title the copy is named after the page (" copy" / "-副本"). */
export const pageCopySchema = z.object({ id: idField, title: pageTitle.optional() });

export const pageSetKindSchema = z.object({ id: idField, kind: pageKind });

/** A part of the page file: JSON text (multipart or form field) or the value itself (JSON body). */
const pagePart = <T extends z.ZodType>(value: T, description: string) =>
  z
    .union([z.string().min(1), value], {
      // Left out or empty is a missing parameter (1001), anything else of the wrong shape is invalid.
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? `${CATALOGUE_ISSUE_PREFIX}1001` : undefined,
    })
    .describe(description);

export const pageSaveSchema = z.object({
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

export const devicePagesSchema = z.object({ equipmentId: idField });

export const pageOpenSchema = z.object({
  equipmentId: idField,
  pageId: idField,
  /** Needed when the page asks for its password. */
  password: z.string().max(PAGE_PASSWORD_MAX_LENGTH).optional(),
});
