/**
 * The people side of alarm groups, as queries: who may be chosen as a recipient of a product's
 * groups (the accounts that may see its devices: their owners, the accounts granted a device, the
 * product's developer), and the groups a person is a recipient of. The only ORM code for them.
 */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AlarmGroup } from '@lyyp/contracts/alarm';
import type { Database } from '../../db/client.ts';
import { accounts, alarmGroups, deviceAccess, devices, products } from '../../db/schema/index.ts';

export interface CandidateRow {
  readonly id: string;
  readonly name: string | null;
  readonly username: string | null;
  readonly tel: string | null;
  readonly seesDevices: boolean;
}

export interface CandidateSearch {
  /** Part of a name or user name (case-insensitive). */
  readonly text: string;
  /** A whole phone number or its last four digits; null: no phone search. */
  readonly phone: string | null;
  readonly limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export class RecipientRepository {
  constructor(private readonly db: Database) {}

  /** Ids of the accounts that may see some device of the product (§6), as a subquery. */
  private candidateIds(productId: string): SQL {
    return sql`(
      select ${devices.ownerAccountId} from ${devices}
        where ${devices.productId} = ${productId} and ${devices.ownerAccountId} is not null
      union
      select ${deviceAccess.accountId} from ${deviceAccess}
        join ${devices} on ${devices.id} = ${deviceAccess.deviceId}
        where ${devices.productId} = ${productId}
      union
      select ${products.ownerAccountId} from ${products} where ${products.id} = ${productId}
    )`;
  }

  private candidateColumns(productId: string) {
    return {
      id: accounts.id,
      name: accounts.name,
      username: accounts.username,
      tel: accounts.tel,
      seesDevices: sql<boolean>`${accounts.id} in ${this.candidateIds(productId)}`.mapWith(Boolean),
    };
  }

  /** Accounts that may see the product's devices and match the search, by name; one more than `limit`. */
  async searchCandidates(productId: string, search: CandidateSearch): Promise<CandidateRow[]> {
    const matches: SQL[] = [];
    if (search.text) {
      const pattern = `%${escapeLike(search.text)}%`;
      matches.push(sql`${accounts.name} ilike ${pattern}`, sql`${accounts.username} ilike ${pattern}`);
    }
    if (search.phone) {
      matches.push(
        search.phone.length === 4
          ? sql`right(${accounts.tel}, 4) = ${search.phone}`
          : eq(accounts.tel, search.phone),
      );
    }
    return this.db
      .select(this.candidateColumns(productId))
      .from(accounts)
      .where(
        and(
          ne(accounts.status, 'deleted'),
          sql`${accounts.id} in ${this.candidateIds(productId)}`,
          matches.length > 0 ? or(...matches) : undefined,
        ),
      )
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(search.limit + 1);
  }

  /** These accounts (a group's recipients), each saying whether it still sees the product's devices. */
  async candidatesByIds(productId: string, ids: readonly string[]): Promise<CandidateRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(this.candidateColumns(productId))
      .from(accounts)
      .where(and(ne(accounts.status, 'deleted'), inArray(accounts.id, [...ids])));
  }

  /** The groups that name the account as a recipient, with their product's name. */
  async groupsOfRecipient(
    accountId: string,
  ): Promise<{ group: AlarmGroup; productId: string; productName: string }[]> {
    return this.db
      .select({ group: alarmGroups.group, productId: alarmGroups.productId, productName: products.title })
      .from(alarmGroups)
      .innerJoin(products, eq(products.id, alarmGroups.productId))
      .where(sql`${alarmGroups.group} -> 'recipients' @> ${JSON.stringify([{ accountId }])}::jsonb`)
      .orderBy(asc(products.title), asc(alarmGroups.createdAt));
  }
}
