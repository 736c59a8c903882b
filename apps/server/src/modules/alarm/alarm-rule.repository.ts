/**
 * Alarm configuration as stored: the rule set's revision per product (every node reloads its rules
 * when it moves), rules, notification groups, a person's preferences, and what rules read of
 * devices, products and knowledge articles. The first layer of `AlarmRepository`.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AlarmGroup,
  AlarmRule,
  DeviceStatusAlarms,
  NotificationPreferences,
} from '@lyyp/contracts/alarm';
import type { Database } from '../../db/client.ts';
import {
  alarmGroups,
  alarmPreferences,
  alarmRuleSets,
  alarmRules,
  devices,
  knowledgeArticles,
  latestValues,
  products,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

export class AlarmRuleRepository {
  /**
   * @param nodeId this platform process, counted in `alarm_state_writers` by every transaction
   *   of it that writes rule states (a new one at each start).
   */
  constructor(
    protected readonly db: Database,
    readonly nodeId: string = newId(),
  ) {}

  // Rule sets and rules ----------------------------------------------------------------------------

  /**
   * What decides whether a node's copy of a product's rules is current: the rule set's revision and
   * the model's version (variable names and units go into alarm texts). Products without alarm
   * configuration are absent.
   */
  async ruleSetVersions(productIds: readonly string[]): Promise<Map<string, string>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        productId: alarmRuleSets.productId,
        revision: alarmRuleSets.revision,
        modelVersion: products.modelVersion,
      })
      .from(alarmRuleSets)
      .innerJoin(products, eq(products.id, alarmRuleSets.productId))
      .where(inArray(alarmRuleSets.productId, [...productIds]));
    return new Map(rows.map((row) => [row.productId, `${row.revision}:${row.modelVersion}`]));
  }

  async ruleSet(productId: string) {
    const [row] = await this.db.select().from(alarmRuleSets).where(eq(alarmRuleSets.productId, productId));
    return row;
  }

  /** Marks a change of the product's alarm configuration: every node reloads its rules. */
  async bumpRuleSet(productId: string, statusAlarms?: DeviceStatusAlarms): Promise<number> {
    const [row] = await this.db
      .insert(alarmRuleSets)
      .values({ productId, revision: 1, statusAlarms: statusAlarms ?? null })
      .onConflictDoUpdate({
        target: alarmRuleSets.productId,
        set: {
          revision: sql`${alarmRuleSets.revision} + 1`,
          updatedAt: sql`now()`,
          ...(statusAlarms ? { statusAlarms } : {}),
        },
      })
      .returning({ revision: alarmRuleSets.revision });
    return row!.revision;
  }

  async rulesOf(productId: string): Promise<AlarmRule[]> {
    const rows = await this.db
      .select({ rule: alarmRules.rule })
      .from(alarmRules)
      .where(eq(alarmRules.productId, productId))
      .orderBy(asc(alarmRules.position), asc(alarmRules.createdAt));
    return rows.map((row) => row.rule);
  }

  async countRules(productId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(alarmRules)
      .where(eq(alarmRules.productId, productId));
    return row?.count ?? 0;
  }

  async insertRule(productId: string, rule: AlarmRule): Promise<void> {
    await this.db.insert(alarmRules).values({
      id: rule.id,
      productId,
      rule,
      position: sql`(select coalesce(max(${alarmRules.position}), 0) + 1 from ${alarmRules} where ${alarmRules.productId} = ${productId})`,
    });
  }

  async updateRule(productId: string, rule: AlarmRule): Promise<boolean> {
    const rows = await this.db
      .update(alarmRules)
      .set({ rule, updatedAt: sql`now()` })
      .where(and(eq(alarmRules.id, rule.id), eq(alarmRules.productId, productId)))
      .returning({ id: alarmRules.id });
    return rows.length > 0;
  }

  async deleteRule(productId: string, ruleId: string): Promise<boolean> {
    const rows = await this.db
      .delete(alarmRules)
      .where(and(eq(alarmRules.id, ruleId), eq(alarmRules.productId, productId)))
      .returning({ id: alarmRules.id });
    return rows.length > 0;
  }

  // Groups and preferences -------------------------------------------------------------------------

  async groupsOf(productId: string): Promise<AlarmGroup[]> {
    const rows = await this.db
      .select({ group: alarmGroups.group })
      .from(alarmGroups)
      .where(eq(alarmGroups.productId, productId))
      .orderBy(asc(alarmGroups.createdAt));
    return rows.map((row) => row.group);
  }

  async groupsByIds(ids: readonly string[]): Promise<AlarmGroup[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ group: alarmGroups.group })
      .from(alarmGroups)
      .where(inArray(alarmGroups.id, [...ids]));
    return rows.map((row) => row.group);
  }

  async insertGroup(productId: string, group: AlarmGroup): Promise<void> {
    await this.db.insert(alarmGroups).values({ id: group.id, productId, group });
  }

  async updateGroup(productId: string, group: AlarmGroup): Promise<boolean> {
    const rows = await this.db
      .update(alarmGroups)
      .set({ group, updatedAt: sql`now()` })
      .where(and(eq(alarmGroups.id, group.id), eq(alarmGroups.productId, productId)))
      .returning({ id: alarmGroups.id });
    return rows.length > 0;
  }

  async deleteGroup(productId: string, groupId: string): Promise<boolean> {
    const rows = await this.db
      .delete(alarmGroups)
      .where(and(eq(alarmGroups.id, groupId), eq(alarmGroups.productId, productId)))
      .returning({ id: alarmGroups.id });
    return rows.length > 0;
  }

  async preferencesOf(accountIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(alarmPreferences)
      .where(inArray(alarmPreferences.accountId, [...accountIds]));
    // Rows saved before the language choice existed have none: not chosen.
    return new Map(
      rows.map((row) => [row.accountId, { ...row.preferences, locale: row.preferences.locale ?? null }]),
    );
  }

  async savePreferences(accountId: string, preferences: NotificationPreferences): Promise<void> {
    await this.db
      .insert(alarmPreferences)
      .values({ accountId, preferences })
      .onConflictDoUpdate({
        target: alarmPreferences.accountId,
        set: { preferences, updatedAt: sql`now()` },
      });
  }

  /** Whether the product's knowledge base holds the article (a rule may link only those). */
  async articleExists(productId: string, articleId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: knowledgeArticles.id })
      .from(knowledgeArticles)
      .where(and(eq(knowledgeArticles.productId, productId), eq(knowledgeArticles.id, articleId)))
      .limit(1);
    return rows.length > 0;
  }
  // Devices ----------------------------------------------------------------------------------------

  async deviceFacts(deviceIds: readonly string[]) {
    if (deviceIds.length === 0) return [];
    return this.db
      .select({
        id: devices.id,
        name: devices.name,
        productId: devices.productId,
        ownerAccountId: devices.ownerAccountId,
      })
      .from(devices)
      .where(inArray(devices.id, [...deviceIds]));
  }

  async devicesOfProduct(productId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.productId, productId));
    return rows.map((row) => row.id);
  }

  /** Current values of some variables of some devices (comparands of conditions), with their times. */
  async latestValues(deviceIds: readonly string[], keys: readonly string[]) {
    if (deviceIds.length === 0 || keys.length === 0) return [];
    return this.db
      .select({
        deviceId: latestValues.deviceId,
        key: latestValues.key,
        value: latestValues.value,
        ts: latestValues.ts,
      })
      .from(latestValues)
      .where(and(inArray(latestValues.deviceId, [...deviceIds]), inArray(latestValues.key, [...keys])));
  }

  async productModel(productId: string) {
    const [row] = await this.db
      .select({ model: products.model, ownerAccountId: products.ownerAccountId })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  }
}
