/**
 * Each node's copy of the products' alarm rules, compiled once. At most once a second per product
 * (`VERSION_CHECK_INTERVAL_MS`) one small query reads the version of the rule sets (revision and
 * model version); a product whose version moved is reloaded. An edit takes effect at once on the
 * node that saved it (`invalidate`) and within a second on every other node, without a restart and
 * without a bus message.
 */
import {
  alarmPollIntervalMs,
  deviceStatusAlarmsSchema,
  type DeviceStatusAlarms,
} from '@lyyp/contracts/alarm';
import type { Variable } from '@lyyp/contracts/device-model';
import type { AlarmRepository } from './alarm.repository.ts';
import { compileAlarmRule, type CompiledAlarmRule } from './engine/index.ts';

export interface ProductAlarmRules {
  readonly version: string;
  readonly rules: readonly CompiledAlarmRule[];
  /** Enabled rules by the variable they watch. */
  readonly byVariable: ReadonlyMap<string, readonly CompiledAlarmRule[]>;
  /** Enabled rules that compare with other variables, by each variable they compare with. */
  readonly byReference: ReadonlyMap<string, readonly CompiledAlarmRule[]>;
  readonly statusAlarms: DeviceStatusAlarms;
  readonly variables: ReadonlyMap<string, Variable>;
}

export const DEFAULT_STATUS_ALARMS: DeviceStatusAlarms = deviceStatusAlarmsSchema.parse({});

/** How long a node trusts its copy of a product's rules before asking for the version again. */
export const VERSION_CHECK_INTERVAL_MS = 1000;

export class RuleCache {
  /** Per product: its rules (null: no alarm configuration) and when the version was last read. */
  private readonly products = new Map<string, { rules: ProductAlarmRules | null; checkedAt: number }>();

  constructor(
    private readonly repository: AlarmRepository,
    private readonly now: () => number,
  ) {}

  /** This node changed the product's alarm configuration: read it again at the next use. */
  invalidate(productId: string) {
    this.products.delete(productId);
  }

  /** The current rules of the products that have an alarm configuration (others are absent). */
  async forProducts(productIds: readonly string[]): Promise<Map<string, ProductAlarmRules>> {
    const now = this.now();
    const unique = [...new Set(productIds)];
    const stale = unique.filter((productId) => {
      const cached = this.products.get(productId);
      return !cached || now - cached.checkedAt >= VERSION_CHECK_INTERVAL_MS || now < cached.checkedAt;
    });
    if (stale.length > 0) {
      const versions = await this.repository.ruleSetVersions(stale);
      for (const productId of stale) {
        const version = versions.get(productId);
        const cached = this.products.get(productId)?.rules ?? null;
        const rules =
          version === undefined
            ? null
            : cached && cached.version === version
              ? cached
              : await this.load(productId, version);
        this.products.set(productId, { rules, checkedAt: now });
      }
    }
    const answer = new Map<string, ProductAlarmRules>();
    for (const productId of unique) {
      const rules = this.products.get(productId)?.rules;
      if (rules) answer.set(productId, rules);
    }
    return answer;
  }

  async forProduct(productId: string): Promise<ProductAlarmRules | undefined> {
    return (await this.forProducts([productId])).get(productId);
  }

  private async load(productId: string, version: string): Promise<ProductAlarmRules> {
    const [rules, set, product] = await Promise.all([
      this.repository.rulesOf(productId),
      this.repository.ruleSet(productId),
      this.repository.productModel(productId),
    ]);
    const model = product?.model;
    // A rule's filter count is measured in its variable's poll interval (docs/alarms.md).
    const compiled = rules.map((rule) =>
      compileAlarmRule(rule, { pollIntervalMs: model ? alarmPollIntervalMs(model, rule.variableKey) : null }),
    );
    const byVariable = new Map<string, CompiledAlarmRule[]>();
    const byReference = new Map<string, CompiledAlarmRule[]>();
    const add = (map: Map<string, CompiledAlarmRule[]>, key: string, rule: CompiledAlarmRule) => {
      const list = map.get(key) ?? [];
      list.push(rule);
      map.set(key, list);
    };
    for (const rule of compiled) {
      if (!rule.rule.enabled) continue;
      add(byVariable, rule.rule.variableKey, rule);
      for (const reference of rule.references) add(byReference, reference, rule);
    }
    return {
      version,
      rules: compiled,
      byVariable,
      byReference,
      statusAlarms: set?.statusAlarms ?? DEFAULT_STATUS_ALARMS,
      variables: new Map((product?.model.variables ?? []).map((variable) => [variable.key, variable])),
    };
  }
}
