/**
 * Designer pages at run time: the pages of a device's product for anyone who may see the device,
 * and opening one. A page with a password check opens only with its password; wrong passwords
 * are counted per account and page in the database (every node sees the same count), so nobody
 * can guess one.
 */
import { CatalogueError } from '@lyyp/contracts';
import { verifyPassword } from '../../lib/password.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { AccountFacts } from '../device/viewer.ts';
import type { DesignerPageRepository, DesignerPageRow, PageSummary } from './designer-page.repository.ts';
import { contentOf } from './designer-page.service.ts';
import { presentPageFile, type PresentedPageFile } from './page-content.ts';

/** The device access policy's answer: the device if the account may see it. */
export type FindVisibleDevice = (
  account: AccountFacts,
  deviceId: string,
) => Promise<{ id: string; productId: string } | undefined>;

export interface PageOpenInput {
  equipmentId: string;
  pageId: string;
  password?: string | undefined;
}

export class PageRuntimeService {
  constructor(
    private readonly pages: DesignerPageRepository,
    private readonly findVisibleDevice: FindVisibleDevice,
    private readonly limiter: AttemptLimiter,
  ) {}

  /** Main and child pages of the device's product, the start page first. */
  async list(account: AccountFacts, equipmentId: string): Promise<PageSummary[]> {
    const device = await this.requireDevice(account, equipmentId);
    return this.pages.listForViewers(device.productId);
  }

  async open(account: AccountFacts, input: PageOpenInput): Promise<PresentedPageFile> {
    const device = await this.requireDevice(account, input.equipmentId);
    const page = await this.pages.findInProduct(device.productId, input.pageId);
    if (!page) throw new CatalogueError('1003');
    if (page.checkpwd) await this.checkPassword(account, page, input.password);
    return presentPageFile(contentOf(page), { ...page, hasPassword: page.passwordHash !== null });
  }

  private async requireDevice(account: AccountFacts, equipmentId: string) {
    const device = await this.findVisibleDevice(account, equipmentId);
    if (!device) throw new CatalogueError('1003');
    return device;
  }

  private async checkPassword(account: AccountFacts, page: DesignerPageRow, password: string | undefined) {
    if (!password) throw new CatalogueError('1140');
    const keys = [`page-password:${account.id}:${page.id}`];
    const attempt = await this.limiter.reserve(keys);
    if (!(await verifyPassword(password, page.passwordHash))) throw new CatalogueError('1139');
    await attempt.clear(keys);
  }
}
