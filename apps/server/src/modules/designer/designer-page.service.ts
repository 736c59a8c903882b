/**
 * Designer pages of a product for the people who edit it (its developer, operation staff): the
 * list, adding, renaming, copying and deleting pages, the start page and page kinds, loading and
 * saving content. A page belongs to its product: the policy decides on the product (`page.view`,
 * `page.design`), so another tenant's product or page is answered like a missing one (1003) and a
 * product the caller only sees is not designed by it. A save based on an older version than the
 * stored one is refused (1141).
 */
import { checkBindingExpressions } from './binding-expression-check.ts';
import { checkClickScripts } from './click-script-check.ts';
import { CatalogueError, type Locale } from '@lyyp/contracts';
import { PAGE_TITLE_MAX_LENGTH, type PageFile } from '@lyyp/contracts/designer';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import type { ActionName } from '@lyyp/contracts/policy';
import type { Caller } from '../device/viewer.ts';
import { truncateCharacters, type ProductService } from '../product/product.service.ts';
import type {
  DesignerPageRepository,
  DesignerPageRow,
  PageSummary,
  ProductPages,
} from './designer-page.repository.ts';
import {
  decidePasswordChange,
  parsePageFile,
  presentPageFile,
  withIdentity,
  withoutPassword,
  type PresentedPageFile,
  type RawPageFile,
} from './page-content.ts';
import { becomesStartPage, findSuccessorStartPage, nextSortOrder, type PageKind } from './page-order.ts';

const COPY_SUFFIX: Record<Locale, string> = { 'zh-CN': '-副本', 'en-US': ' copy' };

export interface PageAddInput {
  productId: string;
  title: string;
  kind: PageKind;
}

export interface PageSaveInput extends RawPageFile {
  id: string;
  version: number;
}

export interface LoadedPage extends PresentedPageFile {
  summary: PageSummary;
  version: number;
}

export function summaryOf(row: DesignerPageRow): PageSummary {
  const { id, title, kind, isStart, sortOrder, checkpwd, version, updatedAt } = row;
  return { id, title, kind, isStart, sortOrder, checkpwd, version, updatedAt };
}

/** The stored content of a page; it was checked against the page schema when it was saved. */
export function contentOf(row: DesignerPageRow): PageFile | null {
  return row.content as unknown as PageFile | null;
}

export class DesignerPageService {
  constructor(
    private readonly pages: DesignerPageRepository,
    private readonly products: Pick<ProductService, 'requireFor'>,
    private readonly hash: (password: string) => Promise<string> = hashPassword,
  ) {}

  async list(caller: Caller, productId: string): Promise<PageSummary[]> {
    await this.products.requireFor(caller, 'page.view', productId);
    return this.pages.listSummaries(productId);
  }

  /** A new empty page at the end of the list; the product's first main page becomes its start page. */
  async add(caller: Caller, input: PageAddInput): Promise<PageSummary> {
    const created = await this.changeProductPages(caller, input.productId, async (pages) => {
      const existing = await pages.list();
      return pages.insert({
        id: newId(),
        title: input.title.trim(),
        kind: input.kind,
        isStart: becomesStartPage(existing, input.kind),
        sortOrder: nextSortOrder(existing),
      });
    });
    return summaryOf(created);
  }

  async rename(caller: Caller, id: string, title: string): Promise<PageSummary> {
    await this.requirePage(caller, id);
    const renamed = await this.pages.rename(id, title.trim());
    if (!renamed) throw new CatalogueError('1003');
    return summaryOf(renamed);
  }

  /** A copy with the same content, kind and password at the end of the list; never the start page of a product that has one. */
  async copy(caller: Caller, id: string, title?: string): Promise<PageSummary> {
    const source = await this.requirePage(caller, id);
    const copyTitle =
      title?.trim() ||
      truncateCharacters(`${source.title}${COPY_SUFFIX[caller.locale]}`, PAGE_TITLE_MAX_LENGTH);
    const content = contentOf(source);
    const created = await this.changeProductPages(caller, source.productId, async (pages) => {
      const existing = await pages.list();
      const copyId = newId();
      return pages.insert({
        id: copyId,
        title: copyTitle,
        kind: source.kind,
        isStart: becomesStartPage(existing, source.kind),
        sortOrder: nextSortOrder(existing),
        content: content
          ? withIdentity(content, { id: copyId, productId: source.productId, title: copyTitle })
          : null,
        checkpwd: source.checkpwd,
        passwordHash: source.passwordHash,
      });
    });
    return summaryOf(created);
  }

  /** Deletes a page; when it was the start page, the next main page takes over. Answers the remaining pages. */
  async delete(caller: Caller, id: string): Promise<PageSummary[]> {
    return this.changePage(caller, id, async (pages, current, existing) => {
      await pages.remove(id);
      if (current.isStart) await pages.setStart(findSuccessorStartPage(existing, id));
    });
  }

  /** Makes a main page the product's one start page. Answers the product's pages. */
  async setStart(caller: Caller, id: string): Promise<PageSummary[]> {
    return this.changePage(caller, id, async (pages, current) => {
      if (current.kind !== 'main') throw new CatalogueError('1002', { field: 'id' });
      await pages.setStart(id);
    });
  }

  /**
   * Changes a page between main and child. The start page stays a main page; a main page in a
   * product without a start page becomes it. Answers the product's pages.
   */
  async setKind(caller: Caller, id: string, kind: PageKind): Promise<PageSummary[]> {
    return this.changePage(caller, id, async (pages, current, existing) => {
      if (current.isStart && kind === 'child') throw new CatalogueError('1002', { field: 'kind' });
      await pages.setKind(id, kind);
      if (becomesStartPage(existing, kind)) await pages.setStart(id);
    });
  }

  /** The page's content for the designer, without the password. */
  async load(caller: Caller, id: string): Promise<LoadedPage> {
    const page = await this.requirePage(caller, id, 'page.view');
    return {
      summary: summaryOf(page),
      version: page.version,
      ...presentPageFile(contentOf(page), { ...page, hasPassword: page.passwordHash !== null }),
    };
  }

  /**
   * Stores new content if nobody saved the page since `version` (else 1141). A new password is
   * stored as its hash only; an empty one keeps the stored hash; no password check forgets it.
   * A title in the settings renames the page.
   */
  async save(caller: Caller, input: PageSaveInput): Promise<{ version: number }> {
    const page = await this.requirePage(caller, input.id);
    const file = parsePageFile(input, page);
    await checkClickScripts(file.widgets);
    checkBindingExpressions(file.widgets);
    if (input.version !== page.version) throw new CatalogueError('1141');
    const change = decidePasswordChange(file.con, page.passwordHash !== null);
    const passwordHash =
      change.kind === 'set' ? await this.hash(change.password) : change.kind === 'clear' ? null : undefined;
    const saved = await this.pages.saveContent(input.id, input.version, {
      content: withoutPassword(file),
      title: file.con.title,
      checkpwd: file.con.checkpwd,
      passwordHash,
    });
    if (saved) return { version: saved.version };
    // Nothing matched: another save won the race, or the page is gone.
    const now = await this.pages.findById(input.id);
    throw new CatalogueError(now ? '1141' : '1003');
  }

  /** The page, when the policy allows `action` on its product (1003 for a page of a product out of sight). */
  private async requirePage(
    caller: Caller,
    id: string,
    action: ActionName = 'page.design',
  ): Promise<DesignerPageRow> {
    const page = await this.pages.findById(id);
    if (!page) throw new CatalogueError('1003');
    await this.products.requireFor(caller, action, page.productId);
    return page;
  }

  private async changeProductPages<T>(
    caller: Caller,
    productId: string,
    work: (pages: ProductPages) => Promise<T>,
  ): Promise<T> {
    await this.products.requireFor(caller, 'page.design', productId);
    const result = await this.pages.withProductPages(productId, work);
    if (!result) throw new CatalogueError('1003');
    return result.value;
  }

  /** Runs a change of one page with its product's pages locked; answers the pages afterwards. */
  private async changePage(
    caller: Caller,
    id: string,
    work: (pages: ProductPages, current: PageSummary, existing: PageSummary[]) => Promise<void>,
  ): Promise<PageSummary[]> {
    const page = await this.requirePage(caller, id);
    return this.changeProductPages(caller, page.productId, async (pages) => {
      const existing = await pages.list();
      const current = existing.find((item) => item.id === id);
      // Deleted by someone else between the read and the lock.
      if (!current) throw new CatalogueError('1003');
      await work(pages, current, existing);
      return pages.list();
    });
  }
}
