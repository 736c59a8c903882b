/** History storage: retention policies, storage figures and the archive/retention sweep. */
import type { Database } from '../../db/client.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { ProductService } from '../product/product.service.ts';
import { HistoryArchive } from '../telemetry/history-archive.repository.ts';
import type { HistoryRepository } from '../telemetry/history.repository.ts';
import { StorageRepository } from './storage.repository.ts';
import { StorageService } from './storage.service.ts';

export { registerStorageRoutes } from './storage.routes.ts';
export { StorageService } from './storage.service.ts';

export function createStorageModule(deps: {
  db: Database;
  history: HistoryRepository;
  products: ProductService;
  access: DeviceAccess;
  now: () => number;
  reportFailure: (error: unknown) => void;
}) {
  return new StorageService({
    repository: new StorageRepository(deps.db),
    archive: new HistoryArchive(deps.db),
    history: deps.history,
    products: deps.products,
    access: deps.access,
    now: deps.now,
    reportFailure: deps.reportFailure,
  });
}
