/**
 * The report module assembled: definitions, computation (the invalidation log written in each
 * ingest commit; a sweep every `REPORT_SWEEP_INTERVAL_MS` for due windows, late hours and the
 * hour/day summaries), the monitoring site's queries, the data centre, and their paths. Tests leave
 * the sweep off and call `sweep()` after moving their clock.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { ProductService } from '../product/product.service.ts';
import type { IngestService } from '../telemetry/ingest.service.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { DatacenterService } from './datacenter.service.ts';
import { ProductReportService } from './product-report.service.ts';
import { ReportComputationService, type ComputationResult } from './report-computation.service.ts';
import { ReportConfigService } from './report-config.service.ts';
import { ReportQueryService } from './report-query.service.ts';
import { ReportRepository } from './report.repository.ts';
import { registerReportRoutes } from './report.routes.ts';

export interface ReportModuleDeps {
  readonly db: Database;
  readonly access: DeviceAccess;
  readonly runtime: RuntimeRepository;
  readonly products: Pick<ProductService, 'requireFor' | 'capacityOf'>;
  readonly logger: FastifyBaseLogger;
  readonly now: () => number;
  /** 0 leaves the sweep to the caller (tests). */
  readonly sweepIntervalMs: number;
}

/**
 * Most invalidation marks one periodic sweep handles; the rest wait for the next. A gateway fleet
 * replaying a long outage marks thousands of hours, and refreshing them all at once would hold the
 * database from live ingest and alarms for seconds; this way their summaries follow within minutes.
 */
const SWEEP_MARKS = 200;

export function createReportModule(deps: ReportModuleDeps) {
  const repository = new ReportRepository(deps.db);
  const computation = new ReportComputationService({ repository, logger: deps.logger, now: deps.now });
  const config = new ReportConfigService({ repository, products: deps.products });
  const queries = new ReportQueryService({ repository, access: deps.access, runtime: deps.runtime });
  const datacenter = new DatacenterService(repository);
  const productReports = new ProductReportService({ repository, products: deps.products });
  const report = (what: string) => (error: unknown) => deps.logger.error({ err: error }, `${what} failed`);
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> | null = null;

  /** Late hours and summaries first (they fix what is shown), then windows that came due. */
  async function sweep(most = Number.POSITIVE_INFINITY): Promise<ComputationResult & { marks: number }> {
    const marks = await computation.handleDirty(most);
    return { marks, ...(await computation.computeDue()) };
  }

  return {
    repository,
    computation,
    config,
    queries,
    datacenter,
    productReports,
    sweep,

    attach(ingest: IngestService) {
      ingest.withCommit((batch) => computation.marksStatement(batch));
    },

    registerRoutes(api: FastifyInstance) {
      registerReportRoutes(api, { config, queries, datacenter, productReports });
    },

    start() {
      if (deps.sweepIntervalMs <= 0) return;
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = sweep(SWEEP_MARKS)
          .catch(report('report sweep'))
          .finally(() => {
            sweeping = null;
          });
      }, deps.sweepIntervalMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (sweeping) await sweeping;
    },
  };
}

export type ReportModule = ReturnType<typeof createReportModule>;
