/**
 * Drivers and variables of a product. Every change rewrites the product's model as a whole: the
 * new model is checked as a whole (cross-field rules, formulas, capacity), stored only if nobody
 * changed it meanwhile (conditional update on the version read), and then the runtime is told so
 * it can push the new configuration to the gateways.
 */
import type { DriverModelCheck } from '../system-catalogue/driver-model.service.ts';
import { CatalogueError, NAME_MAX_LENGTH, type Locale } from '@lyyp/contracts';
import {
  IDENTIFIER_MAX_LENGTH,
  mergeDriverSecrets,
  missingDriverSecret,
  presentDriver,
  type DeviceModel,
  type DriverSave,
  type PresentedDriver,
  type Variable,
} from '@lyyp/contracts/device-model';
import type { ActionName } from '@lyyp/contracts/policy';
import type { Caller } from '../device/viewer.ts';
import type { Page, PageRequest } from './catalogue-route.ts';
import { capacityUseOf, type CapacityUse } from './capacity.ts';
import { dottedPath, fieldsOf, validateDeviceModel, type FieldNamer } from './model-validation.ts';
import type { ProductRepository, ProductRow } from './product.repository.ts';
import type { ProductService } from './product.service.ts';
import { truncateCharacters } from './product.service.ts';
import type { VariableImportMode } from './product.schemas.ts';
import { SHEET_CONTENT_TYPES, type SheetFormat } from './spreadsheet.ts';
import { mergeImportedVariables, readVariableSheet, writeVariableSheet } from './variable-sheet.ts';

/**
 * How many times a change is re-applied when another change to the same model won the race. Each
 * round lets one writer through, so this bounds how many people may edit one product at once.
 */
const MAX_ATTEMPTS = 10;
/** A short random pause before retrying spreads writers that keep colliding. */
const RETRY_PAUSE_MS = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Code of "a driver still has variables": 1507 ("in use and cannot be deleted"). */
const DRIVER_IN_USE_CODE = '1507';

export type ModelChangedHook = (productId: string) => Promise<void>;
export type HookFailure = (error: unknown, context: Record<string, string>) => void;

export interface ModelChange {
  model: DeviceModel;
  /** Names fields of failed rules the way the request named them. */
  nameField?: FieldNamer;
  /** The computed variable the change edits (a formula cycle is then told from it). */
  focusFormula?: string;
}

export interface VariableFilter {
  keyword?: string | undefined;
  driverKey?: string | undefined;
}

const COPY_KEY_SUFFIX = '_copy';
const COPY_NAME_SUFFIX: Record<Locale, string> = { 'zh-CN': '-副本', 'en-US': ' copy' };

export class ProductModelService {
  constructor(
    private readonly products: ProductRepository,
    private readonly productService: ProductService,
    private readonly onModelChanged: ModelChangedHook,
    private readonly reportHookFailure: HookFailure,
    private readonly driverModels?: DriverModelCheck,
  ) {}

  /**
   * Applies `change` to the current model and stores the result as the next version. `change`
   * may run more than once (after losing a race) and must only read the model it is given.
   */
  async change(
    caller: Caller,
    productId: string,
    change: (model: DeviceModel) => ModelChange,
    action: ActionName = 'product.edit',
  ): Promise<ProductRow> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const product = await this.productService.requireFor(caller, action, productId);
      const next = change(structuredClone(product.model));
      const model = validateDeviceModel(next.model, {
        locale: caller.locale,
        capacity: await this.productService.capacityOf(product),
        previous: product.model,
        nameField: next.nameField ?? dottedPath,
        focusFormula: next.focusFormula,
      });
      const stored = await this.products.updateModel(productId, product.modelVersion, model);
      if (stored) {
        await this.onModelChanged(productId).catch((error: unknown) =>
          this.reportHookFailure(error, { hook: 'onModelChanged', productId }),
        );
        return stored;
      }
      await pause(Math.random() * RETRY_PAUSE_MS * (attempt + 1));
    }
    throw new Error(`model of product ${productId} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
  }

  /** The drivers as answered: secrets replaced by whether they are set. */
  async listDrivers(
    caller: Caller,
    productId: string,
  ): Promise<{ list: PresentedDriver[]; capacity: CapacityUse }> {
    const product = await this.productService.requireFor(caller, 'product.list', productId);
    const capacity = await this.productService.capacityOf(product);
    return {
      list: product.model.drivers.map(presentDriver),
      capacity: capacityUseOf(product.model, capacity).drivers,
    };
  }

  /**
   * Adds or replaces a driver. An OPC UA secret the request leaves out is kept from the driver
   * stored under `originalKey` (answers never carry it back); null removes it.
   */
  async saveDriver(
    caller: Caller,
    productId: string,
    sent: DriverSave,
    originalKey?: string,
  ): Promise<ProductRow> {
    await this.driverModels?.checkDriver(sent, 'driverModelId');
    return this.change(caller, productId, (model) => {
      const index =
        originalKey === undefined
          ? model.drivers.length
          : model.drivers.findIndex((item) => item.key === originalKey);
      if (index < 0) throw new CatalogueError('1003', { field: 'originalKey' });
      const driver = mergeDriverSecrets(sent, model.drivers[index]);
      const missing = missingDriverSecret(driver);
      if (missing) throw new CatalogueError('1001', { field: `driver.${missing}` });
      if (originalKey === undefined) {
        model.drivers.push(driver);
        return { model, nameField: fieldsOf('drivers', model.drivers.length - 1, 'driver') };
      }
      model.drivers[index] = driver;
      if (driver.key !== originalKey) {
        for (const variable of model.variables)
          if (variable.driverKey === originalKey) variable.driverKey = driver.key;
      }
      return { model, nameField: fieldsOf('drivers', index, 'driver') };
    });
  }

  async deleteDriver(caller: Caller, productId: string, key: string): Promise<ProductRow> {
    return this.change(caller, productId, (model) => {
      if (!model.drivers.some((driver) => driver.key === key))
        throw new CatalogueError('1003', { field: 'key' });
      if (model.variables.some((variable) => variable.driverKey === key))
        throw new CatalogueError(DRIVER_IN_USE_CODE, { field: 'key' });
      model.drivers = model.drivers.filter((driver) => driver.key !== key);
      return { model };
    });
  }

  async listVariables(
    caller: Caller,
    productId: string,
    filter: VariableFilter,
    paging: PageRequest,
  ): Promise<Page<Variable> & { capacity: CapacityUse }> {
    const product = await this.productService.requireFor(caller, 'product.list', productId);
    const keyword = filter.keyword?.toLowerCase();
    const matching = product.model.variables.filter(
      (variable) =>
        (!keyword ||
          variable.name.toLowerCase().includes(keyword) ||
          variable.key.toLowerCase().includes(keyword)) &&
        (!filter.driverKey || variable.driverKey === filter.driverKey),
    );
    const start = (paging.page - 1) * paging.pageSize;
    return {
      list: matching.slice(start, start + paging.pageSize),
      total: matching.length,
      ...paging,
      capacity: capacityUseOf(product.model, await this.productService.capacityOf(product)).variables,
    };
  }

  async addVariable(caller: Caller, productId: string, variable: Variable): Promise<ProductRow> {
    return this.change(caller, productId, (model) => {
      model.variables.push(variable);
      return { model, nameField: fieldsOf('variables', model.variables.length - 1, 'variable') };
    });
  }

  async editVariable(
    caller: Caller,
    productId: string,
    key: string,
    variable: Variable,
  ): Promise<ProductRow> {
    return this.change(caller, productId, (model) => {
      const index = indexOfVariable(model, key);
      model.variables[index] = variable;
      return { model, nameField: fieldsOf('variables', index, 'variable') };
    });
  }

  async deleteVariables(caller: Caller, productId: string, keys: readonly string[]): Promise<ProductRow> {
    return this.change(caller, productId, (model) => {
      for (const key of keys) indexOfVariable(model, key, 'keys');
      const removed = new Set(keys);
      model.variables = model.variables.filter((variable) => !removed.has(variable.key));
      return { model };
    });
  }

  /** Duplicates a variable under a new key (given, or the first free `<key>_copy`, `<key>_copy2` …). */
  async copyVariable(
    caller: Caller,
    productId: string,
    key: string,
    options: { newKey?: string | undefined; name?: string | undefined },
  ): Promise<{ product: ProductRow; variable: Variable }> {
    let copied: Variable | undefined;
    const product = await this.change(caller, productId, (model) => {
      const source = model.variables[indexOfVariable(model, key)]!;
      const taken = new Set(model.variables.map((variable) => variable.key));
      const name =
        options.name?.trim() ||
        truncateCharacters(`${source.name}${COPY_NAME_SUFFIX[caller.locale]}`, NAME_MAX_LENGTH);
      copied = {
        ...structuredClone(source),
        key: options.newKey?.trim() || freeCopyKey(source.key, taken),
        name,
      };
      model.variables.push(copied);
      return { model, nameField: fieldsOf('variables', model.variables.length - 1, 'variable') };
    });
    return { product, variable: copied! };
  }

  /**
   * Imports a sheet of variables all or nothing. A failed rule names the sheet row it came from
   * (`rows.7.address`), and nothing is stored.
   */
  async importVariables(
    caller: Caller,
    productId: string,
    bytes: Buffer,
    mode: VariableImportMode,
  ): Promise<{ product: ProductRow; count: number }> {
    await this.productService.requireFor(caller, 'product.edit', productId);
    const imported = await readVariableSheet(bytes);
    const product = await this.change(caller, productId, (model) => {
      const { variables, rowOf } = mergeImportedVariables(model.variables, imported, mode);
      const nameField: FieldNamer = (path) => {
        const row = path[0] === 'variables' && typeof path[1] === 'number' ? rowOf(path[1]) : undefined;
        return row === undefined ? dottedPath(path) : dottedPath(['rows', row, ...path.slice(2)]);
      };
      return { model: { ...model, variables: variables as Variable[] }, nameField };
    });
    return { product, count: imported.variables.length };
  }

  async exportVariables(caller: Caller, productId: string, format: SheetFormat) {
    const product = await this.productService.requireFor(caller, 'product.list', productId);
    return {
      name: `${product.title}-variables.${format}`,
      contentType: SHEET_CONTENT_TYPES[format],
      bytes: await writeVariableSheet(product.model.variables, format, caller.locale),
    };
  }
}

function indexOfVariable(model: DeviceModel, key: string, field = 'key'): number {
  const index = model.variables.findIndex((variable) => variable.key === key);
  if (index < 0) throw new CatalogueError('1003', { field });
  return index;
}

function freeCopyKey(key: string, taken: ReadonlySet<string>): string {
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? COPY_KEY_SUFFIX : `${COPY_KEY_SUFFIX}${number}`;
    const candidate = `${key.slice(0, IDENTIFIER_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
