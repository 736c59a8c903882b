/**
 * Each node's copy of the products' alarm rules, compiled once. Before every ingest batch one small
 * query reads the version of each product's rule set (its revision and the model version); a
 * product whose version moved is reloaded, so an edit on any node takes effect on the next batch of
 * every node, without a restart and without a bus message.
 */
import { deviceStatusAlarmsSchema, type DeviceStatusAlarms } from '@lyyp/contracts/alarm';
import type { Variable } from '@lyyp/contracts/device-model';
import type { AlarmRepository } from './alarm.repository.ts';
import { compileAlarmRule, type CompiledAlarmRule } from './engine/index.ts';

export interface ProductAlarmRules {
  readonly version: string;
  readonly rules: readonly CompiledAlarmRule[];
  /** Enabled rules by the variable they watch. */
  readonly byVariable: ReadonlyMap<string, readonly CompiledAlarmRule[]>;
  readonly statusAlarms: DeviceStatusAlarms;
  readonly variables: ReadonlyMap<string, Variable>;
}

export const DEFAULT_STATUS_ALARMS: DeviceStatusAlarms = deviceStatusAlarmsSchema.parse({});

export class RuleCache {
  private readonly products = new Map<string, ProductAlarmRules>();

  constructor(private readonly repository: AlarmRepository) {}

  /** The current rules of the products that have an alarm configuration (others are absent). */
  async forProducts(productIds: readonly string[]): Promise<Map<string, ProductAlarmRules>> {
    const versions = await this.repository.ruleSetVersions([...new Set(productIds)]);
    const answer = new Map<string, ProductAlarmRules>();
    for (const [productId, version] of versions) {
      let entry = this.products.get(productId);
      if (!entry || entry.version !== version) {
        entry = await this.load(productId, version);
        this.products.set(productId, entry);
      }
      answer.set(productId, entry);
    }
    for (const productId of productIds) if (!versions.has(productId)) this.products.delete(productId);
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
    const compiled = rules.map(compileAlarmRule);
    const byVariable = new Map<string, CompiledAlarmRule[]>();
    for (const rule of compiled) {
      if (!rule.rule.enabled) continue;
      const list = byVariable.get(rule.rule.variableKey) ?? [];
      list.push(rule);
      byVariable.set(rule.rule.variableKey, list);
    }
    return {
      version,
      rules: compiled,
      byVariable,
      statusAlarms: set?.statusAlarms ?? DEFAULT_STATUS_ALARMS,
      variables: new Map((product?.model.variables ?? []).map((variable) => [variable.key, variable])),
    };
  }
}
