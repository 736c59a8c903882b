/**
 * Uploaded files: `registerFileRoutes(api, deps)` registers /file/upload and /file/:id; call it
 * inside the API_PREFIX scope. Bytes live under DATA_DIR/files unless another store is given.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { FileRepository } from './file.repository.ts';
import { registerFileRoutes as registerRoutes } from './file.routes.ts';
import { FileService } from './file.service.ts';
import { DiskFileStore, type FileStore } from './file-store.ts';
import { AppFileService, isAppFile } from './app-file.service.ts';
import { registerAppFileRoutes } from './app-file.routes.ts';

export interface FileDependencies {
  db: Database;
  /** DATA_DIR (config.dataDir); files go to its `files` folder. */
  dataDir: string;
  /** Replaces the disk store (an object store when scaled out). */
  store?: FileStore;
}

export function registerFileRoutes(api: FastifyInstance, deps: FileDependencies): FileService {
  const repository = new FileRepository(deps.db);
  const store = deps.store ?? DiskFileStore.inDataDir(deps.dataDir);
  const files = new FileService(repository, store);
  // App packages are served only by their own path, streamed: never read whole into memory here.
  files.addAccessRule((row) => Promise.resolve(isAppFile(row) ? 'refused' : null));
  registerRoutes(api, { files });
  registerAppFileRoutes(api, { appFiles: new AppFileService(repository, store) });
  return files;
}

export { FILE_PATHS, fileUrlOf, type FileService } from './file.service.ts';
export type { FileStore } from './file-store.ts';
