/**
 * People are chosen, not typed: the recipient picker of a product's alarm groups, and a person's
 * own list of the groups they are in. Privacy (§6): the picker offers only the accounts that may
 * see the product's devices, and shows each as a name and a masked phone; the caller must be able
 * to edit the product.
 */
import {
  RECIPIENT_SEARCH_MAX_RESULTS,
  maskPhone,
  phoneSearchDigits,
  type AlarmGroup,
  type MyAlarmGroup,
  type RecipientCandidate,
  type RecipientSearchAnswer,
} from '@lyyp/contracts/alarm';
import { CatalogueError } from '@lyyp/contracts';
import type { ProductService } from '../product/product.service.ts';
import type { Caller } from '../device/viewer.ts';
import type { AlarmRepository } from './alarm.repository.ts';
import type { CandidateRow, RecipientRepository } from './recipient.repository.ts';

export interface AlarmRecipientsDeps {
  readonly recipients: RecipientRepository;
  readonly repository: Pick<AlarmRepository, 'groupsOf' | 'preferencesOf'>;
  readonly products: Pick<ProductService, 'requireFor'>;
}

function presentCandidate(row: CandidateRow): RecipientCandidate {
  return {
    accountId: row.id,
    name: row.name?.trim() || row.username || row.id,
    username: row.username,
    phone: maskPhone(row.tel),
    seesDevices: row.seesDevices,
  };
}

export interface RecipientSearch {
  readonly productId: string;
  readonly keyword: string;
  readonly accountIds: readonly string[];
}

export class AlarmRecipientsService {
  constructor(private readonly deps: AlarmRecipientsDeps) {}

  /**
   * Accounts the product's groups may name, matching the keyword; first the asked-for accounts
   * (a group's present recipients), answered only when they may see the devices or already are
   * recipients of one of the product's groups — an id alone reveals nobody.
   */
  async search(caller: Caller, search: RecipientSearch): Promise<RecipientSearchAnswer> {
    await this.deps.products.requireFor(caller, 'alarmRule.edit', search.productId);
    const keyword = search.keyword.trim();
    const [rows, groups, named] = await Promise.all([
      this.deps.recipients.searchCandidates(search.productId, {
        text: keyword,
        phone: phoneSearchDigits(keyword),
        limit: RECIPIENT_SEARCH_MAX_RESULTS,
      }),
      search.accountIds.length > 0 ? this.deps.repository.groupsOf(search.productId) : Promise.resolve([]),
      this.deps.recipients.candidatesByIds(search.productId, search.accountIds),
    ]);
    const present = new Set(groups.flatMap((group) => group.recipients.map((entry) => entry.accountId)));
    const asked = named
      .filter((row) => row.seesDevices || present.has(row.id))
      .sort((a, b) => search.accountIds.indexOf(a.id) - search.accountIds.indexOf(b.id));
    const askedIds = new Set(asked.map((row) => row.id));
    const found = rows.slice(0, RECIPIENT_SEARCH_MAX_RESULTS).filter((row) => !askedIds.has(row.id));
    return {
      list: [...asked, ...found].map(presentCandidate),
      more: rows.length > RECIPIENT_SEARCH_MAX_RESULTS,
    };
  }

  /**
   * New recipients of a group must be accounts that may see the product's devices; one that may
   * not answers like an account that does not exist (2118), so the check reveals nobody.
   * Recipients the group already had stay (they receive only while they see a device).
   */
  async checkNewRecipients(productId: string, group: AlarmGroup, previous: AlarmGroup | undefined) {
    const kept = new Set(previous?.recipients.map((entry) => entry.accountId) ?? []);
    const added = group.recipients.map((entry) => entry.accountId).filter((id) => !kept.has(id));
    if (added.length === 0) return;
    const rows = await this.deps.recipients.candidatesByIds(productId, added);
    const allowed = new Set(rows.filter((row) => row.seesDevices).map((row) => row.id));
    const refused = added.find((id) => !allowed.has(id));
    if (refused !== undefined) {
      const index = group.recipients.findIndex((entry) => entry.accountId === refused);
      throw new CatalogueError('2118', { account: refused, field: `group.recipients.${index}.accountId` });
    }
  }

  /** The groups that name the caller, with what each allows them and what they chose. */
  async myGroups(caller: Caller): Promise<MyAlarmGroup[]> {
    const accountId = caller.account.id;
    const [rows, preferences] = await Promise.all([
      this.deps.recipients.groupsOfRecipient(accountId),
      this.deps.repository.preferencesOf([accountId]),
    ]);
    const subscriptions = preferences.get(accountId)?.subscriptions ?? [];
    return rows.map(({ group, productId, productName }) => {
      const recipient = group.recipients.find((entry) => entry.accountId === accountId);
      const allowed = (recipient?.channels ?? []).filter((code) => group.channels.includes(code));
      const chosen = subscriptions.find((entry) => entry.groupId === group.id);
      return {
        groupId: group.id,
        groupName: group.name,
        productId,
        productName,
        allowed,
        muted: chosen?.muted ?? false,
        channels: chosen ? chosen.channels.filter((code) => allowed.includes(code)) : allowed,
      };
    });
  }
}
