/**
 * Faceplate templates of a product for the people who design its pages: the list (`page.view`),
 * saving a new template or a new version of one and deleting one (`page.design`). The policy
 * decides on the product, so another tenant's product is answered like a missing one (1003). A
 * version that does not follow the stored one is refused (1141), as a page save is.
 */
import { CatalogueError } from '@lyyp/contracts';
import { FaceplateTemplateSchema, type FaceplateTemplate } from '@lyyp/contracts/designer';
import type { Caller } from '../device/viewer.ts';
import { catalogueErrorOfIssue, prefixed } from '../product/model-validation.ts';
import type { ProductService } from '../product/product.service.ts';
import { checkBindingExpressions } from './binding-expression-check.ts';
import { checkClickScripts } from './click-script-check.ts';
import type { FaceplateRepository } from './faceplate.repository.ts';

/** Templates a product may keep. */
export const FACEPLATES_PER_PRODUCT_MAX = 200;

/** The template sent, checked against the template schema (1002 naming the field inside it). */
function parseTemplate(raw: unknown): FaceplateTemplate {
  const parsed = FaceplateTemplateSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw issue
    ? catalogueErrorOfIssue(issue, prefixed('template.'))
    : new CatalogueError('1002', { field: 'template' });
}

export class FaceplateService {
  constructor(
    private readonly faceplates: FaceplateRepository,
    private readonly products: Pick<ProductService, 'requireFor'>,
  ) {}

  async list(caller: Caller, productId: string): Promise<FaceplateTemplate[]> {
    await this.products.requireFor(caller, 'page.view', productId);
    return this.faceplates.list(productId);
  }

  async save(caller: Caller, productId: string, raw: unknown): Promise<{ id: string; version: number }> {
    await this.products.requireFor(caller, 'page.design', productId);
    const template = parseTemplate(raw);
    await checkClickScripts(template.widgets);
    checkBindingExpressions(template.widgets, 'template.widgets');
    const stored =
      template.version === 1
        ? await this.insertFirst(productId, template)
        : await this.faceplates.replace(productId, template);
    if (!stored) throw new CatalogueError('1141');
    return { id: template.id, version: template.version };
  }

  async delete(caller: Caller, productId: string, id: string): Promise<FaceplateTemplate[]> {
    await this.products.requireFor(caller, 'page.design', productId);
    if (!(await this.faceplates.remove(productId, id))) throw new CatalogueError('1003');
    return this.faceplates.list(productId);
  }

  private async insertFirst(productId: string, template: FaceplateTemplate): Promise<boolean> {
    if ((await this.faceplates.count(productId)) >= FACEPLATES_PER_PRODUCT_MAX) {
      throw new CatalogueError('1002', { field: 'template' });
    }
    return this.faceplates.insert(productId, template);
  }
}
