/** The fleet module: the map of devices, track playback and manual position refresh. */
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '@lyyp/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { AuthRepository } from '../auth/auth.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { HistoryQueries } from '../telemetry/history.repository.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { FleetMapRepository } from './fleet-map.repository.ts';
import { registerFleetMapRoutes } from './fleet-map.routes.ts';
import { FleetMapService } from './fleet-map.service.ts';

export interface FleetModuleDeps {
  db: Database;
  config: Pick<Config, 'map'>;
  access: DeviceAccess;
  runtime: RuntimeRepository;
  history: HistoryQueries;
  now: () => number;
}

export function registerFleet(api: FastifyInstance, deps: FleetModuleDeps): { map: FleetMapService } {
  const map = new FleetMapService({
    repository: new FleetMapRepository(deps.db),
    access: deps.access,
    runtime: deps.runtime,
    history: deps.history,
    refreshLimiter: new AttemptLimiter(new AuthRepository(deps.db), deps.now, 1, DAY_MS),
    settings: deps.config.map,
    now: deps.now,
  });
  registerFleetMapRoutes(api, { map });
  return { map };
}
