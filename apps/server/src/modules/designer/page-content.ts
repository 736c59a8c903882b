/**
 * The saved content of a designer page (§3: `con`, `widgets`, `bind`) as the server keeps it:
 * checked against the designer's own page schema (so the §9 limits hold on the server too), with
 * the page password taken out — only its scrypt hash is kept, in a column of its own — and shown
 * back without it. Pure: no database, no hashing.
 */
import { CatalogueError, maxLengthCheck } from '@lyyp/contracts';
import {
  DESIGNER_DOCUMENT_VERSION,
  PAGE_DEFAULT_BG_COLOR,
  PAGE_DEFAULT_FIT,
  PAGE_DEFAULT_HEIGHT,
  PAGE_DEFAULT_WIDTH,
  PAGE_TITLE_MAX_LENGTH,
  PageFileSchema,
  type PageFile,
  type PageFields,
  type PageId,
} from '@lyyp/contracts/designer';
import { catalogueErrorOfIssue, dottedPath } from '../product/model-validation.ts';

/** What a page's identity in its content is taken from: the page row, never the request. */
export interface PageIdentity {
  id: string;
  productId: string;
  title: string;
}

/** Page settings as the designer and viewers receive them: never the password, only whether one is set. */
export type PresentedPageFields = Omit<PageFields, 'password'> & { password: ''; hasPassword: boolean };

export interface PresentedPageFile {
  con: PresentedPageFields;
  widgets: PageFile['widgets'];
  bind: PageFile['bind'];
}

/** The three parts of a save as they arrive: JSON text (multipart, form) or values (JSON body). */
export interface RawPageFile {
  con: unknown;
  widgets: unknown;
  bind: unknown;
}

/** What happens to the stored password hash when a page is saved. */
export type PasswordChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; password: string };

/** The content of a page nobody has saved yet: an empty canvas with the §9 defaults. */
export function createDefaultPageFile(page: PageIdentity): PageFile {
  return {
    con: {
      schemaVersion: DESIGNER_DOCUMENT_VERSION,
      id: page.id as PageId,
      productId: page.productId,
      title: page.title,
      width: PAGE_DEFAULT_WIDTH,
      height: PAGE_DEFAULT_HEIGHT,
      fit: PAGE_DEFAULT_FIT,
      bgColor: PAGE_DEFAULT_BG_COLOR,
      bgImage: '',
      checkpwd: false,
      password: '',
      widgetCount: 0,
    },
    widgets: [],
    bind: { equips: [], signals: [], keys: [], mvars: [] },
  };
}

function readJsonPart(field: keyof RawPageFile, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new CatalogueError('1002', { field });
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a saved page against the page schema, which includes the shared URL rule: a click link,
 * picture, background or video source that is not http(s) or on this site is refused with 1650
 * naming its field (`widgets.0.event.link`), and nothing is stored. The page's id and product come from the page row
 * (a page pasted from elsewhere keeps its own identity); a blank title keeps the page's title.
 * Failures name the field as the request did (`con.width`, `widgets`, `widgets.3.position`).
 */
export function parsePageFile(raw: RawPageFile, page: PageIdentity): PageFile {
  const con = readJsonPart('con', raw.con);
  if (!isPlainObject(con)) throw new CatalogueError('1002', { field: 'con' });
  const title = typeof con.title === 'string' ? con.title.trim() : con.title;
  const parsed = PageFileSchema.safeParse({
    con: { ...con, id: page.id, productId: page.productId, title: title === '' ? page.title : title },
    widgets: readJsonPart('widgets', raw.widgets),
    bind: readJsonPart('bind', raw.bind),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw issue ? catalogueErrorOfIssue(issue, dottedPath) : new CatalogueError('1002', { field: 'con' });
  }
  const violation = maxLengthCheck('con.title', PAGE_TITLE_MAX_LENGTH)(parsed.data.con.title);
  if (violation) throw new CatalogueError(violation.code, { ...violation.params, field: 'con.title' });
  return parsed.data;
}

/**
 * A new password replaces the old one; an empty one keeps it; turning the check off forgets it.
 * A page that asks for a password must have one (1001 on `con.password`).
 */
export function decidePasswordChange(
  con: Pick<PageFields, 'checkpwd' | 'password'>,
  hasPassword: boolean,
): PasswordChange {
  if (!con.checkpwd) return { kind: 'clear' };
  if (con.password !== '') return { kind: 'set', password: con.password };
  if (hasPassword) return { kind: 'keep' };
  throw new CatalogueError('1001', { field: 'con.password' });
}

/** The content as it is stored: the same page without its password. */
export function withoutPassword(file: PageFile): PageFile {
  return { ...file, con: { ...file.con, password: '' } };
}

/** The content under another page's identity (a copy). */
export function withIdentity(file: PageFile, page: PageIdentity): PageFile {
  return {
    ...file,
    con: { ...file.con, id: page.id as PageId, productId: page.productId, title: page.title },
  };
}

/**
 * The page as the designer and viewers get it. Identity, title and the password check come from
 * the page row, which renames and copies change without touching the content.
 */
export function presentPageFile(
  content: PageFile | null,
  page: PageIdentity & { checkpwd: boolean; hasPassword: boolean },
): PresentedPageFile {
  const file = content ?? createDefaultPageFile(page);
  return {
    con: {
      ...file.con,
      id: page.id as PageId,
      productId: page.productId,
      title: page.title,
      checkpwd: page.checkpwd,
      password: '',
      hasPassword: page.hasPassword,
    },
    widgets: file.widgets,
    bind: file.bind,
  };
}
