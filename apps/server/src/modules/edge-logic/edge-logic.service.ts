/**
 * Computed variables' formulas and scripts of a product, and the script states of a device.
 * Formulas and scripts are part of the product's model: every change goes through the model
 * service (whole-model check including cycles and capacity, conditional update, configuration
 * pushed to the gateways). States come from the gateways' `up/script` reports.
 */
import { CatalogueError } from '@lyyp/contracts';
import { isComputedKind, type Script } from '@lyyp/contracts/device-model';
import type {
  ComputedVariable,
  DeviceScriptStatusAnswer,
  FormulaListAnswer,
  ScriptChangeAnswer,
  ScriptListAnswer,
} from '@lyyp/contracts/edge-logic';
import type { ScriptReport } from '@lyyp/contracts/protocol';
import type { DeviceAccess } from '../device/device-access.ts';
import type { Caller } from '../device/viewer.ts';
import { orderComputedVariables, scriptsOf } from '../product/edge-logic-validation.ts';
import { fieldsOf } from '../product/model-validation.ts';
import type { ProductModelService } from '../product/product-model.service.ts';
import { capacityUseOf } from '../product/capacity.ts';
import type { ProductRepository, ProductRow } from '../product/product.repository.ts';
import type { ProductService } from '../product/product.service.ts';
import type { ScriptStateRepository } from './script-state.repository.ts';

export interface EdgeLogicServiceOptions {
  products: ProductService;
  models: ProductModelService;
  access: DeviceAccess;
  /** The product of a device the caller may see is read as it is: its owner need not see the product. */
  productRows: Pick<ProductRepository, 'findById'>;
  states: ScriptStateRepository;
  now: () => number;
}

export class EdgeLogicService {
  constructor(private readonly options: EdgeLogicServiceOptions) {}

  /** How full the product's model document is, against its hardware model's numbers. */
  async capacityUseOf(product: ProductRow) {
    return capacityUseOf(product.model, await this.options.products.capacityOf(product));
  }

  /** Scripts one gateway of the product's hardware model may run. */
  private async scriptCapacityOf(product: ProductRow): Promise<number> {
    return (await this.options.products.capacityOf(product)).scripts;
  }

  /** Computed variables in the order the gateway computes them, with what each reads and who reads it. */
  async listFormulas(caller: Caller, productId: string): Promise<FormulaListAnswer> {
    const product = await this.options.products.requireFor(caller, 'edgeLogic.view', productId);
    const model = product.model;
    const ordered = orderComputedVariables(model);
    // A stored model always orders (it was checked); the fallback keeps the list readable anyway.
    const order = ordered.ok ? ordered.order : [];
    const usedBy = new Map<string, string[]>();
    for (const entry of order)
      for (const name of entry.dependsOn) usedBy.set(name, [...(usedBy.get(name) ?? []), entry.name]);
    const variables = new Map(model.variables.map((variable) => [variable.key, variable]));
    const list: ComputedVariable[] = order.map((entry, index) => {
      const variable = variables.get(entry.name)!;
      return {
        key: variable.key,
        name: variable.name,
        kind: variable.kind,
        unit: variable.unit,
        formula: variable.formula ?? '',
        dependsOn: [...entry.dependsOn],
        inputs: [...entry.inputs],
        usedBy: usedBy.get(entry.name) ?? [],
        order: index + 1,
      };
    });
    return {
      productId: product.id,
      list,
      variables: model.variables.map(({ key, name, kind, unit }) => ({ key, name, kind, unit })),
    };
  }

  /** Sets the formula of an intermediate or summary variable; a cycle or unknown name is 1508 with its column. */
  async saveFormula(caller: Caller, productId: string, key: string, formula: string): Promise<ProductRow> {
    return this.options.models.change(caller, productId, (model) => {
      const index = model.variables.findIndex((variable) => variable.key === key);
      const variable = model.variables[index];
      if (!variable) throw new CatalogueError('1003', { field: 'key' });
      if (!isComputedKind(variable.kind)) throw new CatalogueError('1002', { field: 'key' });
      model.variables[index] = { ...variable, formula };
      return {
        model,
        focusFormula: key,
        nameField: (path) =>
          path[0] === 'variables' && path[1] === index && path[2] === 'formula'
            ? 'formula'
            : fieldsOf('variables', index, 'variable')(path),
      };
    });
  }

  async listScripts(caller: Caller, productId: string): Promise<ScriptListAnswer> {
    const product = await this.options.products.requireFor(caller, 'edgeLogic.view', productId);
    const scripts = scriptsOf(product.model);
    const total = await this.scriptCapacityOf(product);
    return { productId: product.id, list: scripts, capacity: { used: scripts.length, total } };
  }

  /** Adds a script, or replaces the one keyed `originalKey`; beyond capacity is 2351. */
  async saveScript(caller: Caller, productId: string, script: Script, originalKey?: string) {
    return this.answer(
      await this.options.models.change(caller, productId, (model) => {
        const scripts = [...scriptsOf(model)];
        let index = scripts.length;
        if (originalKey === undefined) scripts.push(script);
        else {
          index = scripts.findIndex((item) => item.key === originalKey);
          if (index < 0) throw new CatalogueError('2352', { key: originalKey });
          scripts[index] = script;
        }
        return { model: { ...model, scripts }, nameField: fieldsOf('scripts', index, 'script') };
      }),
    );
  }

  async deleteScript(caller: Caller, productId: string, key: string) {
    return this.answer(
      await this.options.models.change(caller, productId, (model) => {
        const scripts = scriptsOf(model);
        if (!scripts.some((item) => item.key === key)) throw new CatalogueError('2352', { key });
        return { model: { ...model, scripts: scripts.filter((item) => item.key !== key) } };
      }),
    );
  }

  async enableScript(caller: Caller, productId: string, key: string, enabled: boolean) {
    return this.answer(
      await this.options.models.change(caller, productId, (model) => {
        const scripts = scriptsOf(model);
        if (!scripts.some((item) => item.key === key)) throw new CatalogueError('2352', { key });
        return {
          model: {
            ...model,
            scripts: scripts.map((item) => (item.key === key ? { ...item, enabled } : item)),
          },
        };
      }),
    );
  }

  /** The scripts of a device's product with the states its gateway last reported (a device the caller cannot see is 1003). */
  async deviceStatus(caller: Caller, deviceId: string): Promise<DeviceScriptStatusAnswer> {
    const device = await this.options.access.requireVisibleDevice(caller.account, deviceId);
    const product = device.productId ? await this.options.productRows.findById(device.productId) : undefined;
    const rows = await this.options.states.listForDevice(device.id);
    const byKey = new Map(rows.map((row) => [row.scriptKey, row]));
    const scripts = product ? scriptsOf(product.model) : [];
    return {
      deviceId: device.id,
      configVersion: rows[0]?.configVersion ?? null,
      list: scripts.map((script) => {
        const row = byKey.get(script.key);
        return {
          key: script.key,
          name: script.name,
          policy: script.policy,
          enabled: script.enabled,
          state: row?.state ?? null,
          reportedAt: row ? row.receivedAt.toISOString() : null,
        };
      }),
    };
  }

  /** Stores a gateway's script report for the device bound to it. */
  async recordReport(deviceId: string, report: ScriptReport): Promise<void> {
    await this.options.states.replace(deviceId, report, new Date(this.options.now()));
  }

  private async answer(product: ProductRow): Promise<ScriptChangeAnswer> {
    return {
      productId: product.id,
      modelVersion: product.modelVersion,
      capacity: { used: scriptsOf(product.model).length, total: await this.scriptCapacityOf(product) },
    };
  }
}
