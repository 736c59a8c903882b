/**
 * The maintenance module assembled: work orders, inspections and the operations centre. `start()`
 * generates inspection tasks of the current periods every `INSPECTION_SWEEP_INTERVAL_MS` (a
 * minute); any number of nodes may do so at once. Tests leave the timer off and call
 * `generateDueTasks()` after moving their clock.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { MessageService } from '../alarm/message.service.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { Authorizer } from '../../policy/index.ts';
import { InspectionService } from './inspection.service.ts';
import { MaintenanceRepository } from './maintenance.repository.ts';
import { registerMaintenanceRoutes } from './maintenance.routes.ts';
import { OperationsService } from './operations.service.ts';
import { WorkOrderService } from './work-order.service.ts';

export interface MaintenanceModuleDeps {
  readonly db: Database;
  readonly access: DeviceAccess;
  /** The policy's decision, for inspection plans (work orders are decided on their device). */
  readonly authorizer: Pick<Authorizer, 'authorize'>;
  readonly accounts: AccountRepository;
  readonly messages: Pick<MessageService, 'createWorkOrderMessage'>;
  readonly logger: FastifyBaseLogger;
  readonly now: () => number;
  /** How often inspection tasks are generated; 0 turns the timer off (tests). */
  readonly sweepIntervalMs: number;
}

export function createMaintenanceModule(deps: MaintenanceModuleDeps) {
  const repository = new MaintenanceRepository(deps.db);
  const workOrders = new WorkOrderService({
    repository,
    access: deps.access,
    accounts: deps.accounts,
    messages: deps.messages,
    now: deps.now,
  });
  const inspections = new InspectionService({
    repository,
    access: deps.access,
    authorizer: deps.authorizer,
    accounts: deps.accounts,
    workOrders,
    now: deps.now,
  });
  const operations = new OperationsService({ repository, now: deps.now });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  return {
    workOrders,
    inspections,
    operations,
    generateDueTasks: () => inspections.generateDueTasks(),

    registerRoutes(api: FastifyInstance) {
      registerMaintenanceRoutes(api, { workOrders, inspections, operations });
    },

    start() {
      if (deps.sweepIntervalMs <= 0 || timer) return;
      const tick = () => {
        if (running) return;
        running = inspections
          .generateDueTasks()
          .catch((error: unknown) => deps.logger.error({ err: error }, 'inspection task generation failed'))
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(tick, deps.sweepIntervalMs);
      timer.unref();
      tick();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running;
    },
  };
}

export type MaintenanceModule = ReturnType<typeof createMaintenanceModule>;

/**
 * Creates the module inside the API scope, registers its paths, and runs its task generation
 * while the application is up.
 */
export function registerMaintenance(api: FastifyInstance, deps: MaintenanceModuleDeps): MaintenanceModule {
  const maintenance = createMaintenanceModule(deps);
  maintenance.registerRoutes(api);
  api.addHook('onReady', (done) => {
    maintenance.start();
    done();
  });
  api.addHook('onClose', async () => maintenance.stop());
  return maintenance;
}
