/**
 * Designer pages: `registerDesignerRoutes(api, deps)` registers the pages of a product for its
 * editors (/product/page/*) and of a device for its viewers (/equipment/page/*); call it inside
 * the API_PREFIX scope, with the product's faceplate templates (/product/faceplate/*). Which devices a viewer sees is the catalogue's device access policy.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { AuthRepository } from '../auth/auth.repository.ts';
import { DesignerPageRepository } from './designer-page.repository.ts';
import { DesignerPageService } from './designer-page.service.ts';
import { registerDesignerPageRoutes } from './designer.routes.ts';
import { FaceplateRepository } from './faceplate.repository.ts';
import { registerFaceplateRoutes } from './faceplate.routes.ts';
import { FaceplateService } from './faceplate.service.ts';
import { PageRuntimeService, type FindVisibleDevice } from './page-runtime.service.ts';
import type { ProductService } from '../product/product.service.ts';

export interface DesignerDependencies {
  db: Database;
  /** The device access policy: `catalogue.deviceAccess.findVisibleDevice`. */
  findVisibleDevice: FindVisibleDevice;
  /** Products for the policy's decision on a page's product (`requireFor`). */
  products: Pick<ProductService, 'requireFor'>;
  /** Milliseconds since the epoch, for counting wrong page passwords; tests move it. */
  now?: () => number;
}

export function registerDesignerRoutes(api: FastifyInstance, deps: DesignerDependencies): void {
  const pages = new DesignerPageRepository(deps.db);
  const limiter = new AttemptLimiter(new AuthRepository(deps.db), deps.now ?? Date.now);
  registerDesignerPageRoutes(api, {
    pages: new DesignerPageService(pages, deps.products),
    runtime: new PageRuntimeService(pages, deps.findVisibleDevice, limiter),
  });
  registerFaceplateRoutes(api, new FaceplateService(new FaceplateRepository(deps.db), deps.products));
}

export { DESIGNER_PATHS } from './designer.schemas.ts';
export type { FindVisibleDevice } from './page-runtime.service.ts';
