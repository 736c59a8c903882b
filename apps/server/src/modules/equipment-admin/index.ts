/**
 * Staff device management: `createEquipmentAdminModule` builds the device event recorder (listening
 * to gateway status and configuration sync on the bus) and the service over the catalogue's access
 * policy; `events` takes the catalogue's bind and unbind hooks; `registerRoutes` adds the paths.
 */
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../bus/bus.ts';
import type { Database } from '../../db/client.ts';
import { AccountRepository } from '../account/account.repository.ts';
import type { Catalogue } from '../catalogue.ts';
import { DeviceEventRecorder } from './device-events.ts';
import { EquipmentAdminRepository } from './equipment-admin.repository.ts';
import { registerEquipmentAdminRoutes } from './equipment-admin.routes.ts';
import { EquipmentAdminService } from './equipment-admin.service.ts';

/** The recorder is built before the catalogue, whose hooks report binding to it. */
export function createDeviceEventRecorder(
  db: Database,
  now: () => number,
  onError: (error: unknown) => void,
): DeviceEventRecorder {
  return new DeviceEventRecorder(new EquipmentAdminRepository(db), now, onError);
}

export function createEquipmentAdminModule(deps: {
  db: Database;
  bus: Bus;
  catalogue: Catalogue;
  events: DeviceEventRecorder;
  now: () => number;
}) {
  const detach = deps.events.attach(deps.bus);
  const service = new EquipmentAdminService({
    repository: new EquipmentAdminRepository(deps.db),
    access: deps.catalogue.deviceAccess,
    devices: deps.catalogue.repositories.devices,
    deviceService: deps.catalogue.services.devices,
    accounts: new AccountRepository(deps.db),
    events: deps.events,
    bus: deps.bus,
    now: deps.now,
  });
  return {
    service,
    detach,
    registerRoutes(api: FastifyInstance): void {
      registerEquipmentAdminRoutes(api, service);
    },
  };
}

export { DeviceEventRecorder } from './device-events.ts';
