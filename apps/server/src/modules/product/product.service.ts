/**
 * Products (§3, §7 /product/*): the list a caller may see, creating and editing them, publishing,
 * copying, and moving them between platforms as documents. Another tenant's product is answered
 * exactly like a missing one (1003). Who may do what to a product, and to what belongs to it
 * (pages, alarm rules, report definitions, knowledge, upgrade tasks), is the policy's decision:
 * `requireFor` loads the product and asks `authorize` with the action.
 */
import { CatalogueError, NAME_MAX_LENGTH, characterCount, type Locale } from '@lyyp/contracts';
import type { ActionName } from '@lyyp/contracts/policy';
import { newId } from '../../lib/ids.ts';
import { phoneShownTo } from '../../lib/phone-visibility.ts';
import type { Authorizer, PolicyObject } from '../../policy/index.ts';
import { viewerOf, type Caller } from '../device/viewer.ts';
import type { Page, PageRequest } from './catalogue-route.ts';
import { capacityUseOf, type CapacitySource, type ProductCapacity } from './capacity.ts';
import { prefixed, validateDeviceModel } from './model-validation.ts';
import { parseProductDocument, toProductDocument, type ProductDocument } from './product-document.ts';
import { EMPTY_BUNDLE, checkBundle, renumberBundle, withoutOutsideReferences } from './product-bundle.ts';
import type { ProductBundleRepository } from './product-bundle.repository.ts';
import type {
  ProductFilter,
  ProductRepository,
  ProductRow,
  ProductStatus,
  ProductSummary,
} from './product.repository.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { DriverModelCheck } from '../system-catalogue/driver-model.service.ts';
import type { ProductAddRequest, ProductEditRequest, ProductImportRequest } from './product.schemas.ts';

/**
 * Code of "a device uses this product". The catalogue has no product-specific text yet; 1507
 * ("in use and cannot be deleted") is the nearest.
 */
export const PRODUCT_IN_USE_CODE = '1514';

const COPY_SUFFIX: Record<Locale, string> = { 'zh-CN': '-副本', 'en-US': ' copy' };

/** Cuts a text to a limit as a person counts characters. */
export function truncateCharacters(text: string, max: number): string {
  return characterCount(text) <= max ? text : [...text].slice(0, max).join('');
}

export interface ProductDetail extends ProductRow {
  capacity: ReturnType<typeof capacityUseOf>;
  deviceCount: number;
}

/** A product as the policy meets it. */
export function productObjectOf(product: Pick<ProductRow, 'id' | 'ownerAccountId'>): PolicyObject {
  return { kind: 'product', id: product.id, ownerAccountId: product.ownerAccountId };
}

export class ProductService {
  constructor(
    private readonly products: ProductRepository,
    private readonly now: () => number,
    private readonly models: CapacitySource & { exists(id: string): Promise<boolean> },
    private readonly authorizer: Pick<Authorizer, 'authorize' | 'allows'>,
    private readonly driverModels?: Pick<DriverModelCheck, 'existingIds'>,
    /** Pages, reports and alarms of products; without it a document carries the model only. */
    private readonly bundles?: ProductBundleRepository,
  ) {}

  /** The product's capacity: its hardware model's numbers (the one capacity source). */
  async capacityOf(product: Pick<ProductRow, 'modelId'>): Promise<ProductCapacity> {
    return this.models.capacityOf(product.modelId);
  }

  /** A model named by a product must exist (2454 on the field otherwise). */
  private async checkModel(modelId: string | null | undefined): Promise<void> {
    if (modelId?.trim() && !(await this.models.exists(modelId.trim())))
      throw new CatalogueError('2454', { name: modelId, field: 'modelId' });
  }

  async query(caller: Caller, filter: ProductFilter, paging: PageRequest): Promise<Page<ProductSummary>> {
    const { rows, total } = await this.products.page(viewerOf(caller.account), filter, paging);
    const shown = phoneShownTo(caller.account);
    const list = rows.map(({ ownerTel, ...row }) => ({
      ...row,
      ownerName: row.ownerName ?? shown(ownerTel, row.ownerAccountId),
    }));
    return { list, total, ...paging };
  }

  async queryAll(caller: Caller, status?: ProductStatus) {
    return this.products.listSelectable(viewerOf(caller.account), status);
  }

  /**
   * The product, for `action` on it or on what belongs to it: 1003 when missing or outside the
   * caller's scope, the action's refusal when the policy allows the caller none of its grants.
   */
  async requireFor(caller: Caller, action: ActionName, id: string): Promise<ProductRow> {
    const product = await this.products.findById(id);
    if (!product) throw new CatalogueError('1003');
    await this.authorizer.authorize(caller.account, action, productObjectOf(product));
    return product;
  }

  /** Whether the policy allows `action` on the product (false for a missing one). */
  async allows(caller: Caller, action: ActionName, id: string): Promise<boolean> {
    const product = await this.products.findById(id);
    return product !== undefined && this.authorizer.allows(caller.account, action, productObjectOf(product));
  }

  async info(caller: Caller, id: string): Promise<ProductDetail> {
    const product = await this.requireFor(caller, 'product.list', id);
    return {
      ...product,
      capacity: capacityUseOf(product.model, await this.capacityOf(product)),
      deviceCount: await this.products.countDevices(id),
    };
  }

  async configResource(caller: Caller, id: string) {
    const product = await this.requireFor(caller, 'product.list', id);
    return capacityUseOf(product.model, await this.capacityOf(product));
  }

  async add(caller: Caller, input: ProductAddRequest): Promise<ProductRow> {
    await this.checkModel(input.modelId);
    return this.products.insert({
      id: newId(),
      ownerAccountId: caller.account.id,
      title: input.title.trim(),
      productModel: input.productModel?.trim() ?? '',
      imgUrl: input.imgUrl ?? null,
      note: input.note ?? null,
      modelId: input.modelId?.trim() || null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    });
  }

  async edit(caller: Caller, input: ProductEditRequest): Promise<ProductRow> {
    await this.requireFor(caller, 'product.edit', input.id);
    await this.checkModel(input.modelId);
    const { id, ...changes } = input;
    const updated = await this.products.update(id, {
      ...changes,
      ...(changes.title !== undefined ? { title: changes.title.trim() } : {}),
      ...(changes.productModel !== undefined ? { productModel: changes.productModel.trim() } : {}),
      // An emptied model puts the product back on the built-in one.
      ...(changes.modelId !== undefined ? { modelId: changes.modelId?.trim() || null } : {}),
    });
    if (!updated) throw new CatalogueError('1003');
    return updated;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    await this.requireFor(caller, 'product.edit', id);
    const deleted = await this.products.deleteUnused(id).catch((error: unknown) => {
      // A device bound between the check and the delete: the foreign key refuses it.
      if (databaseCodeOf(error) === '23503') return false;
      throw error;
    });
    if (!deleted) throw new CatalogueError(PRODUCT_IN_USE_CODE, { field: 'id' });
  }

  async setStatus(caller: Caller, id: string, status: ProductStatus): Promise<ProductRow> {
    await this.requireFor(caller, 'product.publish', id);
    const updated = await this.products.update(id, { status });
    if (!updated) throw new CatalogueError('1003');
    return updated;
  }

  /** A new product in development, owned by the caller, with the same model and details. */
  async copy(caller: Caller, id: string, title?: string): Promise<ProductRow> {
    // Copying makes a new product of the caller's own, from one it sees.
    const source = await this.requireFor(caller, 'product.create', id);
    return this.products.insert({
      id: newId(),
      ownerAccountId: caller.account.id,
      title:
        title?.trim() || truncateCharacters(`${source.title}${COPY_SUFFIX[caller.locale]}`, NAME_MAX_LENGTH),
      productModel: source.productModel,
      imgUrl: source.imgUrl,
      note: source.note,
      modelId: source.modelId,
      latitude: source.latitude,
      longitude: source.longitude,
      model: source.model,
    });
  }

  async exportDocument(caller: Caller, id: string): Promise<ProductDocument> {
    const product = await this.requireFor(caller, 'product.list', id);
    const bundle = this.bundles ? await this.bundles.bundleOf(product.id) : EMPTY_BUNDLE;
    return toProductDocument(product, bundle, new Date(this.now()));
  }

  /** A document from another platform may name driver models this one does not have: those links are dropped. */
  private async withKnownDriverModels(model: unknown): Promise<unknown> {
    if (typeof model !== 'object' || model === null || !this.driverModels) return model;
    const drivers = (model as { drivers?: unknown }).drivers;
    if (!Array.isArray(drivers)) return model;
    const idOf = (driver: unknown) =>
      typeof driver === 'object' && driver !== null
        ? (driver as { driverModelId?: unknown }).driverModelId
        : undefined;
    const named = drivers.map(idOf).filter((id): id is string => typeof id === 'string');
    const known = await this.driverModels.existingIds(named);
    return {
      ...model,
      drivers: drivers.map((driver: unknown) => {
        const id = idOf(driver);
        if (typeof id !== 'string' || known.has(id)) return driver;
        const { driverModelId: _dropped, ...rest } = driver as Record<string, unknown>;
        return rest;
      }),
    };
  }

  /** A new product from a document; fields of the request win over those of the document. */
  async importDocument(caller: Caller, input: ProductImportRequest): Promise<ProductRow> {
    const document = parseProductDocument(input.json);
    const title = input.title?.trim() || document.product.title?.trim();
    if (!title) throw new CatalogueError('1001', { field: 'title' });
    // A model this platform does not know (the document came from another one) is left out.
    const documentModelId = document.product.modelId ?? null;
    const modelId = documentModelId && (await this.models.exists(documentModelId)) ? documentModelId : null;
    const capacity = await this.models.capacityOf(modelId);
    const model = validateDeviceModel(await this.withKnownDriverModels(document.model), {
      locale: caller.locale,
      capacity,
      nameField: prefixed('json.model.'),
    });
    // Everything is checked before anything is written: a refused part creates nothing.
    const bundle = checkBundle(document.bundle, { model, capacity, locale: caller.locale });
    const id = newId();
    const row = {
      id,
      ownerAccountId: caller.account.id,
      title,
      productModel: input.productModel?.trim() ?? document.product.productModel ?? '',
      imgUrl: input.imgUrl ?? document.product.imgUrl ?? null,
      note: input.note ?? document.product.note ?? null,
      modelId,
      latitude: document.product.latitude ?? null,
      longitude: document.product.longitude ?? null,
      model,
    };
    if (!this.bundles) return this.products.insert(row);
    const imported = renumberBundle(withoutOutsideReferences(bundle), id, newId);
    return this.bundles.insertWithBundle(row, imported, new Date(this.now()));
  }
}
