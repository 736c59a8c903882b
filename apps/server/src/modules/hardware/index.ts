/** The hardware model module assembled: repository (also the capacity source), service, paths. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { GatewayRepository } from '../gateway/gateway.repository.ts';
import { HardwareModelRepository } from './hardware.repository.ts';
import { registerHardwareModelRoutes } from './hardware.routes.ts';
import { HardwareModelService } from './hardware.service.ts';

export function createHardwareModule(db: Database) {
  const repository = new HardwareModelRepository(db);
  const service = new HardwareModelService(repository, new GatewayRepository(db));
  return {
    repository,
    service,
    registerRoutes(api: FastifyInstance) {
      registerHardwareModelRoutes(api, { models: service });
    },
  };
}

export type HardwareModule = ReturnType<typeof createHardwareModule>;
export { HardwareModelRepository } from './hardware.repository.ts';
