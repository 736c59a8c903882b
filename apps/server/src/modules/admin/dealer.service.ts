/**
 * Dealers (§6): an end-user account certified by organisation id, with data permission for all
 * products or chosen ones, debug rights, and its customers. A change ends the sessions of the dealer
 * and its customers (they sign in again); cancelling the certification removes access at once. What
 * a dealer sees is decided in device/visibility.repository.ts like everyone else's. The grant
 * ceiling (holdings.ts): a certifier gives only codes and products within their own, and debug
 * rights only while holding the write code; nobody changes or cancels a dealer holding more.
 */
import { CatalogueError, DEFAULT_PERMISSIONS, parseAuths } from '@lyyp/contracts';
import {
  dealerHolding,
  type dealerCertifyBodySchema,
  type dealerEditBodySchema,
  type dealerListBodySchema,
} from '@lyyp/contracts/admin';
import type { z } from 'zod';
import type { AccountRow } from '../account/account.repository.ts';
import { viewerOf } from '../device/viewer.ts';
import { phoneShownTo } from '../../lib/phone-visibility.ts';
import { announceNothing, type AnnounceAccountChange } from '../session/account-change.ts';
import type { AdminRepository } from './admin.repository.ts';
import { auditEntry, type AdminCaller } from './admin-caller.ts';
import { presentDealer } from './admin-presenter.ts';
import { Holdings, requireGrantable, requireManageable } from './holdings.ts';

type ScopeInput = Pick<
  z.output<typeof dealerEditBodySchema>,
  'dataScope' | 'productIds' | 'canDebug' | 'customers'
>;

export class DealerService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly now: () => number,
    private readonly announce: AnnounceAccountChange = announceNothing,
  ) {
    this.holdings = new Holdings(repository);
  }

  private readonly holdings: Holdings;

  /** Refuses a certification holding more than the caller: a code (2224), products (2225), debug rights (2229). */
  private async requireWithinCaller(caller: AdminCaller, codes: readonly string[], input: ScopeInput) {
    const own = await this.holdings.ofCaller(caller);
    requireGrantable(
      own,
      dealerHolding({
        codes,
        dataScope: input.dataScope,
        productIds: input.productIds,
        canDebug: input.canDebug,
      }),
    );
  }

  /** Refuses to change or cancel a dealer holding more than the caller (2227). */
  private async requireManageableDealer(caller: AdminCaller, account: AccountRow): Promise<void> {
    requireManageable(
      await this.holdings.ofCaller(caller),
      await this.holdings.ofAccount(account),
      'account',
    );
  }

  /** Dealers with their customers; phones masked for a caller who only recognises people (no account codes). */
  async list(caller: Pick<AdminCaller, 'account'>, query: z.output<typeof dealerListBodySchema>) {
    const { rows, total } = await this.repository.listDealers(
      query.keyword || undefined,
      query.page,
      query.pageSize,
    );
    const links = await this.repository.dealerLinks(rows.map((row) => row.dealer.accountId));
    const shown = phoneShownTo(caller.account);
    return {
      list: rows.map((row) =>
        presentDealer(row.dealer, row.account, this.linksOf(links, row.dealer.accountId), shown),
      ),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async detail(caller: Pick<AdminCaller, 'account'>, accountId: string) {
    const found = await this.repository.findDealer(accountId);
    if (!found) throw new CatalogueError('2216');
    const links = await this.repository.dealerLinks([accountId]);
    return presentDealer(
      found.dealer,
      found.account,
      this.linksOf(links, accountId),
      phoneShownTo(caller.account),
    );
  }

  private linksOf(links: Awaited<ReturnType<AdminRepository['dealerLinks']>>, accountId: string) {
    return {
      productIds: links.products
        .filter((row) => row.dealerAccountId === accountId)
        .map((row) => row.productId),
      customers: links.customers
        .filter((row) => row.dealerAccountId === accountId)
        .map(({ id, username, name, tel }) => ({ id, username, name, tel })),
    };
  }

  /** Products that exist and customers that are end-user accounts, or the catalogue error naming the first that is not. */
  private async checkScope(caller: AdminCaller, dealerAccountId: string, input: ScopeInput) {
    const productIds = input.dataScope === 'chosen' ? [...new Set(input.productIds)] : [];
    const existing = await this.repository.visibleProductIds(viewerOf(caller.account), productIds);
    const missing = productIds.find((id) => !existing.has(id));
    if (missing) throw new CatalogueError('2210', { product: missing });
    const customerIds = new Set<string>();
    for (const login of input.customers) {
      const customer = await this.repository.findAccountByLogin(login);
      if (!customer || customer.accountKind !== 'terminal' || customer.id === dealerAccountId) {
        throw new CatalogueError('2222', { account: login });
      }
      customerIds.add(customer.id);
    }
    return { productIds, customerIds: [...customerIds] };
  }

  async certify(caller: AdminCaller, input: z.output<typeof dealerCertifyBodySchema>) {
    const account = await this.repository.findAccountByLogin(input.account);
    if (!account) throw new CatalogueError('2201');
    if (account.accountKind !== 'terminal') throw new CatalogueError('2215');
    if (await this.repository.organisationTaken(input.organisationId)) throw new CatalogueError('2214');
    await this.requireWithinCaller(caller, DEFAULT_PERMISSIONS.dealer, input);
    const scope = await this.checkScope(caller, account.id, input);
    const at = new Date(this.now());
    await this.repository.saveDealer({
      dealer: {
        accountId: account.id,
        organisationId: input.organisationId,
        dataScope: input.dataScope,
        canDebug: input.canDebug,
        certifiedBy: caller.account.id,
        certifiedAt: at,
      },
      ...scope,
      isNew: true,
      auths: DEFAULT_PERMISSIONS.dealer.join(','),
      at,
      entry: auditEntry(caller, 'dealer.certify', account.id, at, {
        organisationId: input.organisationId,
        dataScope: input.dataScope,
        productIds: scope.productIds,
        canDebug: input.canDebug,
        customers: scope.customerIds,
      }),
    });
    this.announce([account.id, ...scope.customerIds], 'dealer');
    return this.detail(caller, account.id);
  }

  async edit(caller: AdminCaller, input: z.output<typeof dealerEditBodySchema>) {
    const found = await this.repository.findDealer(input.accountId);
    if (!found) throw new CatalogueError('2216');
    await this.requireManageableDealer(caller, found.account);
    await this.requireWithinCaller(caller, [...parseAuths(found.account.auths)], input);
    const scope = await this.checkScope(caller, input.accountId, input);
    const customersBefore = await this.repository.customerIdsOf(input.accountId);
    const at = new Date(this.now());
    await this.repository.saveDealer({
      dealer: { ...found.dealer, dataScope: input.dataScope, canDebug: input.canDebug },
      ...scope,
      isNew: false,
      auths: found.account.auths,
      at,
      entry: auditEntry(caller, 'dealer.update', input.accountId, at, {
        dataScope: input.dataScope,
        productIds: scope.productIds,
        canDebug: input.canDebug,
        customers: scope.customerIds,
      }),
    });
    this.announce([input.accountId, ...customersBefore, ...scope.customerIds], 'dealer');
    return this.detail(caller, input.accountId);
  }

  async cancel(caller: AdminCaller, accountId: string) {
    const found = await this.repository.findDealer(accountId);
    if (!found) throw new CatalogueError('2216');
    await this.requireManageableDealer(caller, found.account);
    const customers = await this.repository.customerIdsOf(accountId);
    const at = new Date(this.now());
    await this.repository.cancelDealer(
      accountId,
      DEFAULT_PERMISSIONS.terminal.join(','),
      at,
      auditEntry(caller, 'dealer.cancel', accountId, at, { organisationId: found.dealer.organisationId }),
    );
    this.announce([accountId, ...customers], 'dealer');
    return { accountId };
  }
}
