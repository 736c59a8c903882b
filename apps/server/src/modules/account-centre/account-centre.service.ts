/**
 * The account centre's screens other than security: basic info and avatar, the account's own
 * operation log, feedback (and its answer by staff), orders with invoice requests.
 */
import { CatalogueError, checkQueryRange } from '@lyyp/contracts';
import type {
  AccountLogPage,
  AccountLogKind,
  FeedbackItem,
  FeedbackPage,
  FeedbackType,
  OrderItem,
  OrderPage,
  Profile,
} from '@lyyp/contracts/account-centre';
import { IMAGE_KINDS, imageExtensionOf } from '../files/image-kinds.ts';
import type { FileService } from '../files/index.ts';
import type { UploadedFile } from '../files/multipart.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountRepository, AccountRow } from '../account/account.repository.ts';
import type {
  AccountCentreRepository,
  FeedbackRow,
  InvoiceRow,
  OrderRow,
} from './account-centre.repository.ts';
import { sanitiseSvg } from './svg-sanitiser.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';

export interface AccountCentreServiceDeps {
  accounts: AccountRepository;
  repository: AccountCentreRepository;
  record: (accountId: string, kind: string, address: string | null, detail?: string) => Promise<void>;
  now: () => number;
}

interface PageInput {
  page: number;
  pageSize: number;
}

const pagingOf = ({ page, pageSize }: PageInput) => ({ offset: (page - 1) * pageSize, limit: pageSize });

function presentFeedback(row: {
  item: FeedbackRow;
  accountName: string | null;
  repliedByName: string | null;
}): FeedbackItem {
  const { item } = row;
  return {
    id: item.id,
    type: item.type,
    content: item.content,
    createdAt: item.createdAt.toISOString(),
    reply: item.reply,
    repliedAt: item.repliedAt?.toISOString() ?? null,
    repliedByName: row.repliedByName,
    accountId: item.accountId,
    accountName: row.accountName,
  };
}

function presentOrder(order: OrderRow, invoice: InvoiceRow | null): OrderItem {
  return {
    id: order.id,
    kind: order.kind,
    title: order.title,
    amountCents: order.amountCents,
    currency: order.currency,
    paidAt: order.paidAt.toISOString(),
    invoice: invoice
      ? {
          status: invoice.status,
          title: invoice.title,
          taxNumber: invoice.taxNumber,
          email: invoice.email,
          requestedAt: invoice.requestedAt.toISOString(),
        }
      : null,
  };
}

export class AccountCentreService {
  constructor(private readonly deps: AccountCentreServiceDeps) {}

  async profile(account: AccountRow): Promise<Profile> {
    return {
      id: account.id,
      username: account.username,
      name: account.name,
      tel: account.tel,
      email: account.email,
      accountType: account.accountType,
      status: account.status,
      company: account.company,
      avatarUrl: await this.deps.repository.avatarOf(account.id),
      createdAt: account.createdAt.toISOString(),
    };
  }

  async editProfile(account: AccountRow, name: string, address: string | null): Promise<Profile> {
    const updated = await this.deps.accounts.update(account.id, { name });
    if (!updated) throw new CatalogueError('1003');
    await this.deps.record(account.id, 'profile', address);
    return this.profile(updated);
  }

  /**
   * A new avatar (§5: jpg, png, gif, svg or ico under 100K; the files module checks name, size
   * and content). An SVG is stored only as cleaned by the sanitiser.
   */
  async uploadAvatar(
    account: AccountRow,
    upload: UploadedFile,
    files: FileService,
    address: string | null,
  ): Promise<{ avatarUrl: string }> {
    let file = upload;
    const extension = imageExtensionOf(upload.name);
    if (extension === 'svg' && !upload.truncated && IMAGE_KINDS.svg.matches(upload.bytes)) {
      const clean = sanitiseSvg(upload.bytes);
      if (!clean) throw new CatalogueError('2262', { field: 'file' });
      file = { ...upload, bytes: clean };
    }
    const stored = await files.uploadImage(account.id, file);
    await this.deps.repository.setAvatar(account.id, stored.url, new Date(this.deps.now()));
    await this.deps.record(account.id, 'avatar', address);
    return { avatarUrl: stored.url };
  }

  async log(
    account: AccountRow,
    input: PageInput & { start: number; end: number; kind?: AccountLogKind | undefined },
  ): Promise<AccountLogPage> {
    const problem = checkQueryRange(input);
    if (problem) throw new CatalogueError(problem.code, { ...problem.params, field: 'start' });
    const { rows, total } = await this.deps.repository.logPage(
      account.id,
      { start: new Date(input.start), end: new Date(input.end) },
      input.kind,
      pagingOf(input),
    );
    return {
      list: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        kind: row.kind as AccountLogKind,
        address: row.address,
        // A sign-in's detail is the browser's User-Agent: shown as browser and system.
        detail: row.kind === 'sign-in' ? describeUserAgent(row.detail) : row.detail,
        result: row.result,
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }

  // Feedback

  async addFeedback(
    account: AccountRow,
    input: { type: FeedbackType; content: string },
  ): Promise<FeedbackItem> {
    const id = newId();
    await this.deps.repository.insertFeedback({
      id,
      accountId: account.id,
      type: input.type,
      content: input.content,
      createdAt: new Date(this.deps.now()),
    });
    const { rows } = await this.deps.repository.feedbackPage(
      { accountId: account.id },
      { offset: 0, limit: 1 },
    );
    return presentFeedback(rows[0]!);
  }

  async ownFeedback(account: AccountRow, input: PageInput): Promise<FeedbackPage> {
    const { rows, total } = await this.deps.repository.feedbackPage(
      { accountId: account.id },
      pagingOf(input),
    );
    return { list: rows.map(presentFeedback), total, page: input.page, pageSize: input.pageSize };
  }

  async allFeedback(
    input: PageInput & { answered?: boolean | undefined; type?: FeedbackType | undefined },
  ): Promise<FeedbackPage> {
    const { rows, total } = await this.deps.repository.feedbackPage(
      { answered: input.answered, type: input.type },
      pagingOf(input),
    );
    return { list: rows.map(presentFeedback), total, page: input.page, pageSize: input.pageSize };
  }

  async replyFeedback(staff: AccountRow, id: string, reply: string): Promise<void> {
    if (await this.deps.repository.replyFeedback(id, reply, staff.id, new Date(this.deps.now()))) return;
    throw new CatalogueError((await this.deps.repository.feedbackExists(id)) ? '2260' : '1003');
  }

  // Orders and invoices

  async orders(account: AccountRow, input: PageInput): Promise<OrderPage> {
    const { rows, total } = await this.deps.repository.orderPage(account.id, pagingOf(input));
    return {
      list: rows.map((row) => presentOrder(row.order, row.invoice)),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }

  async requestInvoice(
    account: AccountRow,
    input: { orderId: string; title: string; taxNumber?: string | undefined; email: string },
  ): Promise<OrderItem> {
    const found = await this.deps.repository.findOwnOrder(account.id, input.orderId);
    // Another account's order is answered like a missing one.
    if (!found) throw new CatalogueError('1003');
    const inserted = await this.deps.repository.insertInvoiceRequest({
      orderId: input.orderId,
      accountId: account.id,
      title: input.title,
      taxNumber: input.taxNumber || null,
      email: input.email.toLowerCase(),
      requestedAt: new Date(this.deps.now()),
    });
    if (!inserted) throw new CatalogueError('2261');
    const after = await this.deps.repository.findOwnOrder(account.id, input.orderId);
    return presentOrder(after!.order, after!.invoice);
  }

  /** Records a paid service (SIM data plan, platform service) of an account. */
  async recordOrder(
    accountId: string,
    order: { kind: OrderRow['kind']; title: string; amountCents: number; currency?: string; paidAt?: Date },
  ): Promise<OrderRow> {
    return this.deps.repository.insertOrder({
      id: newId(),
      accountId,
      kind: order.kind,
      title: order.title,
      amountCents: order.amountCents,
      currency: order.currency ?? 'CNY',
      paidAt: order.paidAt ?? new Date(this.deps.now()),
    });
  }
}
