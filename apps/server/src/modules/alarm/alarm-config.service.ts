/**
 * A product's alarm configuration: rules (with capacity used/total, §8 1512), offline and power-off
 * alarms, alarm groups; and each person's own channel preferences. Every change raises the
 * product's rule-set revision so every node reloads it before its next ingest batch; a rule edit
 * that changes what decides an alarm, a disable or a delete settles the devices' states at once.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  ALARM_GROUPS_PER_PRODUCT_MAX,
  checkAlarmRuleCapacity,
  findAlarmRuleIssues,
  findSubscriptionIssues,
  notificationPreferencesSchema,
  type AlarmGroup,
  type AlarmRule,
  type DeviceStatusAlarms,
  type NotificationPreferences,
  type RuleListAnswer,
} from '@lyyp/contracts/alarm';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import { newId } from '../../lib/ids.ts';
import type { ProductService } from '../product/product.service.ts';
import type { Caller } from '../device/viewer.ts';
import type { AlarmEvaluationService } from './alarm-evaluation.service.ts';
import type { AlarmRecipientsService } from './alarm-recipients.service.ts';
import type { AlarmRepository } from './alarm.repository.ts';
import { DEFAULT_STATUS_ALARMS, type RuleCache } from './rule-cache.ts';

export interface AlarmConfigDeps {
  readonly repository: AlarmRepository;
  /** This node's copy of the rules: dropped at once after a change (other nodes notice within a second). */
  readonly rules: Pick<RuleCache, 'invalidate'>;
  readonly products: Pick<ProductService, 'requireFor' | 'capacityOf'>;
  /** Who may be named as a recipient (2118 for anyone else). */
  readonly recipients: Pick<AlarmRecipientsService, 'checkNewRecipients'>;
  readonly evaluation: AlarmEvaluationService;
  readonly now: () => number;
}

export class AlarmConfigService {
  constructor(private readonly deps: AlarmConfigDeps) {}

  async listRules(caller: Caller, productId: string): Promise<RuleListAnswer> {
    const product = await this.deps.products.requireFor(caller, 'alarmRule.view', productId);
    const [rules, set, capacity] = await Promise.all([
      this.deps.repository.rulesOf(productId),
      this.deps.repository.ruleSet(productId),
      this.deps.products.capacityOf(product),
    ]);
    return {
      productId,
      rules,
      statusAlarms: set?.statusAlarms ?? DEFAULT_STATUS_ALARMS,
      capacity: { used: rules.length, total: capacity.alarms },
    };
  }

  /** The rule against the product's variables and groups (2101, 2102, 2103). */
  private async checkRule(productId: string, model: DeviceModel, rule: AlarmRule) {
    const groups = await this.deps.repository.groupsOf(productId);
    const [issue] = findAlarmRuleIssues(rule, {
      variables: model.variables,
      groupIds: new Set(groups.map((group) => group.id)),
    });
    if (issue) throw new CatalogueError(issue.code, { ...issue.params, field: issue.path.join('.') });
    if (rule.articleId && !(await this.deps.repository.articleExists(productId, rule.articleId))) {
      throw new CatalogueError('2765', { field: 'articleId' });
    }
  }

  async addRule(caller: Caller, productId: string, input: AlarmRule): Promise<AlarmRule> {
    const product = await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    const count = await this.deps.repository.countRules(productId);
    const refusal = checkAlarmRuleCapacity(count + 1, (await this.deps.products.capacityOf(product)).alarms);
    if (refusal) throw new CatalogueError(refusal);
    const rule = { ...input, id: newId() };
    await this.checkRule(productId, product.model, rule);
    await this.deps.repository.transaction(async (tx) => {
      await tx.insertRule(productId, rule);
      await tx.bumpRuleSet(productId);
    });
    this.deps.rules.invalidate(productId);
    return rule;
  }

  async editRule(caller: Caller, productId: string, rule: AlarmRule): Promise<AlarmRule> {
    const product = await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    await this.checkRule(productId, product.model, rule);
    const updated = await this.deps.repository.transaction(async (tx) => {
      if (!(await tx.updateRule(productId, rule))) return false;
      await tx.bumpRuleSet(productId);
      return true;
    });
    if (!updated) throw new CatalogueError('1003');
    this.deps.rules.invalidate(productId);
    await this.deps.evaluation.reconcileRuleChange(productId, rule.id, this.deps.now());
    return rule;
  }

  async setRuleEnabled(caller: Caller, productId: string, id: string, enabled: boolean): Promise<AlarmRule> {
    await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    const rule = (await this.deps.repository.rulesOf(productId)).find((candidate) => candidate.id === id);
    if (!rule) throw new CatalogueError('1003');
    const changed = { ...rule, enabled };
    await this.deps.repository.transaction(async (tx) => {
      await tx.updateRule(productId, changed);
      await tx.bumpRuleSet(productId);
    });
    this.deps.rules.invalidate(productId);
    await this.deps.evaluation.reconcileRuleChange(productId, id, this.deps.now());
    return changed;
  }

  async deleteRule(caller: Caller, productId: string, id: string): Promise<void> {
    await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    const deleted = await this.deps.repository.transaction(async (tx) => {
      if (!(await tx.deleteRule(productId, id))) return false;
      await tx.bumpRuleSet(productId);
      return true;
    });
    if (!deleted) throw new CatalogueError('1003');
    this.deps.rules.invalidate(productId);
    await this.deps.evaluation.reconcileRuleChange(productId, id, this.deps.now());
  }

  async saveStatusAlarms(
    caller: Caller,
    productId: string,
    statusAlarms: DeviceStatusAlarms,
  ): Promise<DeviceStatusAlarms> {
    await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    const groups = new Set((await this.deps.repository.groupsOf(productId)).map((group) => group.id));
    for (const type of ['offline', 'power-off'] as const) {
      const missing = statusAlarms[type].groupIds.find((id) => !groups.has(id));
      if (missing) throw new CatalogueError('2101', { group: missing });
    }
    await this.deps.repository.bumpRuleSet(productId, statusAlarms);
    this.deps.rules.invalidate(productId);
    return statusAlarms;
  }

  // Groups -----------------------------------------------------------------------------------------

  async listGroups(caller: Caller, productId: string) {
    await this.deps.products.requireFor(caller, 'alarmRule.view', productId);
    return { productId, groups: await this.deps.repository.groupsOf(productId) };
  }

  async addGroup(caller: Caller, productId: string, input: AlarmGroup): Promise<AlarmGroup> {
    await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    const existing = await this.deps.repository.groupsOf(productId);
    if (existing.length >= ALARM_GROUPS_PER_PRODUCT_MAX)
      throw new CatalogueError('1002', { field: 'groups', max: ALARM_GROUPS_PER_PRODUCT_MAX });
    const group = { ...input, id: newId() };
    await this.deps.recipients.checkNewRecipients(productId, group, undefined);
    await this.deps.repository.transaction(async (tx) => {
      await tx.insertGroup(productId, group);
      await tx.bumpRuleSet(productId);
    });
    this.deps.rules.invalidate(productId);
    return group;
  }

  async editGroup(caller: Caller, productId: string, group: AlarmGroup): Promise<AlarmGroup> {
    await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    const previous = (await this.deps.repository.groupsOf(productId)).find((entry) => entry.id === group.id);
    if (!previous) throw new CatalogueError('1003');
    await this.deps.recipients.checkNewRecipients(productId, group, previous);
    const updated = await this.deps.repository.transaction(async (tx) => {
      if (!(await tx.updateGroup(productId, group))) return false;
      await tx.bumpRuleSet(productId);
      return true;
    });
    if (!updated) throw new CatalogueError('1003');
    this.deps.rules.invalidate(productId);
    return group;
  }

  async deleteGroup(caller: Caller, productId: string, id: string): Promise<void> {
    await this.deps.products.requireFor(caller, 'alarmRule.edit', productId);
    const user = (await this.deps.repository.rulesOf(productId)).find((rule) => rule.groupIds.includes(id));
    if (user) throw new CatalogueError('2117', { rule: user.name });
    const set = await this.deps.repository.ruleSet(productId);
    const statusAlarms = set?.statusAlarms;
    if (
      statusAlarms &&
      (statusAlarms.offline.groupIds.includes(id) || statusAlarms['power-off'].groupIds.includes(id))
    )
      throw new CatalogueError('2117', { rule: 'offline / power-off' });
    const deleted = await this.deps.repository.transaction(async (tx) => {
      if (!(await tx.deleteGroup(productId, id))) return false;
      await tx.bumpRuleSet(productId);
      return true;
    });
    if (!deleted) throw new CatalogueError('1003');
    this.deps.rules.invalidate(productId);
  }

  // Preferences ------------------------------------------------------------------------------------

  async preferences(caller: Caller): Promise<NotificationPreferences> {
    const stored = (await this.deps.repository.preferencesOf([caller.account.id])).get(caller.account.id);
    return stored ?? notificationPreferencesSchema.parse({});
  }

  /** A person's own choices; each subscription may only narrow what their groups allow them (2109). */
  async savePreferences(
    caller: Caller,
    preferences: NotificationPreferences,
  ): Promise<NotificationPreferences> {
    const groups = await this.deps.repository.groupsByIds(
      preferences.subscriptions.map((entry) => entry.groupId),
    );
    for (const [index, subscription] of preferences.subscriptions.entries()) {
      const group = groups.find((candidate) => candidate.id === subscription.groupId);
      const recipient = group?.recipients.find((entry) => entry.accountId === caller.account.id);
      if (!group || !recipient) throw new CatalogueError('2101', { group: subscription.groupId });
      const [issue] = findSubscriptionIssues(subscription, recipient.channels);
      if (issue)
        throw new CatalogueError(issue.code, {
          ...issue.params,
          field: `subscriptions.${index}.${issue.path.join('.')}`,
        });
    }
    await this.deps.repository.savePreferences(caller.account.id, preferences);
    return preferences;
  }
}
