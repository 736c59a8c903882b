/**
 * The product knowledge base: `registerKnowledge(api, deps)` registers /product/knowledge/* and
 * /equipment/knowledge/* inside the API_PREFIX scope. Files go to the same store as other uploads.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import { DiskFileStore, type FileStore } from '../files/file-store.ts';
import type { FileService } from '../files/file.service.ts';
import type { ProductService } from '../product/product.service.ts';
import { KnowledgeRepository } from './knowledge.repository.ts';
import { registerKnowledgeRoutes } from './knowledge.routes.ts';
import { KnowledgeService } from './knowledge.service.ts';

export interface KnowledgeDependencies {
  db: Database;
  /** DATA_DIR (config.dataDir); files go to its `files` folder. */
  dataDir: string;
  store?: FileStore;
  products: Pick<ProductService, 'requireFor' | 'allows'>;
  access: Pick<DeviceAccess, 'requireVisibleDevice' | 'requireDeviceMenu'>;
  now: () => number;
  /** Where uploaded files are served: the knowledge base's are served only to its readers. */
  files?: Pick<FileService, 'addAccessRule'>;
}

export function registerKnowledge(api: FastifyInstance, deps: KnowledgeDependencies): KnowledgeService {
  const knowledge = new KnowledgeService({
    repository: new KnowledgeRepository(deps.db),
    store: deps.store ?? DiskFileStore.inDataDir(deps.dataDir),
    products: deps.products,
    access: deps.access,
    now: deps.now,
  });
  deps.files?.addAccessRule((file, viewer) => knowledge.fileAccess(file, viewer));
  registerKnowledgeRoutes(api, { knowledge });
  return knowledge;
}
