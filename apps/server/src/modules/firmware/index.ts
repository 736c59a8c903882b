/**
 * The firmware module: `registerFirmware(api, deps)` registers /system/firmware/* inside the
 * API_PREFIX scope, and the gateways' download path /ota/firmware/:id. Bytes live in the same file store as other uploads (DATA_DIR/files).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { DiskFileStore, type FileStore } from '../files/file-store.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { registerFirmwareDownloadRoutes } from './firmware-download.routes.ts';
import { FirmwareRepository } from './firmware.repository.ts';
import { registerFirmwareRoutes } from './firmware.routes.ts';
import { FirmwareService } from './firmware.service.ts';

export interface FirmwareDependencies {
  db: Database;
  /** DATA_DIR (config.dataDir); files go to its `files` folder. */
  dataDir: string;
  store?: FileStore;
  now: () => number;
  /** Guesses of gateway secrets are counted here before they are compared. */
  limiter: AttemptLimiter;
  /** A gateway's secret by SN (the broker credentials), for downloads. */
  gatewaySecret: (sn: string) => Promise<string | undefined>;
}

export function registerFirmware(api: FastifyInstance, deps: FirmwareDependencies): FirmwareService {
  const store = deps.store ?? DiskFileStore.inDataDir(deps.dataDir);
  const firmware = new FirmwareService(new FirmwareRepository(deps.db), store, deps.now);
  registerFirmwareRoutes(api, { firmware });
  registerFirmwareDownloadRoutes(api, { firmware, limiter: deps.limiter, gatewaySecret: deps.gatewaySecret });
  return firmware;
}

export type { FirmwareService } from './firmware.service.ts';
