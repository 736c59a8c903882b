/**
 * The fleet module: the map of devices, track playback and manual position refresh; the device
 * list in bulk (groups, import, export, batch unbind) and device sharing.
 */
import type { FastifyInstance } from 'fastify';
import { DAY_MS, LOGIN_FAILURE_WINDOW_MS } from '@lyyp/contracts';
import { SHARE_PASSWORD_MAX_FAILURES } from '@lyyp/contracts/fleet';
import type { Bus } from '../../bus/bus.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { AuthRepository } from '../auth/auth.repository.ts';
import type { Catalogue } from '../catalogue.ts';
import type { DeviceEventRecorder } from '../equipment-admin/device-events.ts';
import type { HistoryQueries } from '../telemetry/history-queries.repository.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { registerDeviceBulkRoutes } from './device-bulk.routes.ts';
import { DeviceGroupRepository } from './device-group.repository.ts';
import { DeviceGroupService } from './device-group.service.ts';
import { DeviceShareRepository } from './device-share.repository.ts';
import { registerDeviceShareRoutes } from './device-share.routes.ts';
import { DeviceShareService } from './device-share.service.ts';
import { DeviceSheetService } from './device-sheet.service.ts';
import { FleetMapRepository } from './fleet-map.repository.ts';
import { registerFleetMapRoutes } from './fleet-map.routes.ts';
import { FleetMapService } from './fleet-map.service.ts';

export interface FleetModuleDeps {
  db: Database;
  config: Pick<Config, 'map'>;
  catalogue: Catalogue;
  runtime: RuntimeRepository;
  history: HistoryQueries;
  events: DeviceEventRecorder;
  bus: Bus;
  now: () => number;
}

export function registerFleet(api: FastifyInstance, deps: FleetModuleDeps) {
  const access = deps.catalogue.deviceAccess;
  const devices = deps.catalogue.repositories.devices;
  const map = new FleetMapService({
    repository: new FleetMapRepository(deps.db),
    access,
    runtime: deps.runtime,
    history: deps.history,
    refreshLimiter: new AttemptLimiter(new AuthRepository(deps.db), deps.now, 1, DAY_MS),
    settings: deps.config.map,
    now: deps.now,
  });
  const groups = new DeviceGroupService(new DeviceGroupRepository(deps.db), access);
  const sheets = new DeviceSheetService({
    devices,
    deviceService: deps.catalogue.services.devices,
    access,
    events: deps.events,
  });
  const shares = new DeviceShareService({
    shares: new DeviceShareRepository(deps.db),
    devices,
    access,
    accounts: new AccountRepository(deps.db),
    limiter: new AttemptLimiter(
      new AuthRepository(deps.db),
      deps.now,
      SHARE_PASSWORD_MAX_FAILURES,
      LOGIN_FAILURE_WINDOW_MS,
    ),
    events: deps.events,
    bus: deps.bus,
    now: deps.now,
  });
  registerFleetMapRoutes(api, { map });
  registerDeviceBulkRoutes(api, { groups, sheets });
  registerDeviceShareRoutes(api, { shares });
  return { map, groups, sheets, shares };
}
