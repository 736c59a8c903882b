/**
 * The alarm module assembled: evaluation at ingest and from gateway status, the dispatcher with its
 * channels, the message centre and SIM cards, and their paths. `start()` begins the sweeps (due
 * offline alarms, escalation, queued sends every `ALARM_SWEEP_INTERVAL_MS`; SIM reminders daily);
 * tests leave them off and call `sweep()` with their own clock.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bus } from '../../bus/bus.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { SmsProvider } from '../auth/sms.provider.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { ProductService } from '../product/product.service.ts';
import type { IngestService } from '../telemetry/ingest.service.ts';
import { AlarmConfigService } from './alarm-config.service.ts';
import { AlarmDispatcher } from './alarm-dispatcher.ts';
import { AlarmEvaluationService } from './alarm-evaluation.service.ts';
import { AlarmRecipientsService } from './alarm-recipients.service.ts';
import { AlarmRecordsService } from './alarm-records.service.ts';
import { AlarmRepository } from './alarm.repository.ts';
import { registerAlarmRoutes } from './alarm.routes.ts';
import { MessageRepository } from './message.repository.ts';
import { registerMessageRoutes } from './message.routes.ts';
import { MessageService } from './message.service.ts';
import { RecipientRepository } from './recipient.repository.ts';
import { RuleCache } from './rule-cache.ts';

const SIM_SWEEP_INTERVAL_MS = 24 * 3600 * 1000;

export interface AlarmModuleDeps {
  readonly db: Database;
  readonly config: Config;
  readonly bus: Bus;
  readonly access: DeviceAccess;
  readonly accounts: AccountRepository;
  readonly products: Pick<ProductService, 'requireFor' | 'capacityOf'>;
  readonly sms: SmsProvider;
  readonly logger: FastifyBaseLogger;
  readonly now: () => number;
  /** The database belongs to this process alone (embedded): no other node writes alarm states. */
  readonly soleNode?: boolean;
  /** Replaces `fetch` for the channels (tests). */
  readonly fetch?: typeof fetch;
}

export function createAlarmModule(deps: AlarmModuleDeps) {
  const repository = new AlarmRepository(deps.db);
  const rules = new RuleCache(repository, deps.now);
  const evaluation = new AlarmEvaluationService({
    repository,
    rules,
    bus: deps.bus,
    logger: deps.logger,
    now: deps.now,
    soleNode: deps.soleNode ?? false,
  });
  const messages = new MessageService({
    messages: new MessageRepository(deps.db),
    bus: deps.bus,
    now: deps.now,
  });
  const dispatcher = new AlarmDispatcher({
    repository,
    accounts: deps.accounts,
    access: deps.access,
    channels: {
      config: deps.config.alarm,
      sms: deps.sms,
      bus: deps.bus,
      messages,
      logger: deps.logger,
      fetch: deps.fetch ?? fetch,
    },
    logger: deps.logger,
    now: deps.now,
  });
  const recipients = new AlarmRecipientsService({
    recipients: new RecipientRepository(deps.db),
    repository,
    products: deps.products,
  });
  const config = new AlarmConfigService({
    repository,
    rules,
    products: deps.products,
    recipients,
    evaluation,
    now: deps.now,
  });
  const records = new AlarmRecordsService({ repository, access: deps.access, bus: deps.bus, now: deps.now });

  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void) | null = null;
  let sweeping: Promise<void> | null = null;

  /** One round of everything time-driven: due offline alarms, held values, escalation planning, queued sends. */
  async function sweep(): Promise<void> {
    await evaluation.sweepDeviceStatus();
    await evaluation.sweepHeldValues();
    await dispatcher.dispatch();
  }

  const report = (what: string) => (error: unknown) => deps.logger.error({ err: error }, `${what} failed`);

  return {
    evaluation,
    dispatcher,
    messages,
    config,
    records,
    sweep,

    /** Evaluates each stored batch after the ingest commit. */
    attach(ingest: IngestService) {
      ingest.onStored((batch) => evaluation.evaluateStored(batch).catch(report('alarm evaluation')));
      unsubscribe = deps.bus.subscribe('gatewayStatus', (event) => {
        evaluation.handleGatewayStatus(event).catch(report('offline alarm evaluation'));
      });
    },

    registerRoutes(api: FastifyInstance) {
      registerAlarmRoutes(api, { config, records, recipients });
      registerMessageRoutes(api, messages);
    },

    start() {
      const interval = deps.config.alarm.sweepIntervalMs;
      if (interval <= 0) return;
      const tick = () => {
        if (sweeping) return;
        sweeping = sweep()
          .catch(report('alarm sweep'))
          .finally(() => {
            sweeping = null;
          });
      };
      timers.push(setInterval(tick, interval));
      const reminders = () => void messages.sweepSimReminders().catch(report('SIM reminder sweep'));
      timers.push(setInterval(reminders, SIM_SWEEP_INTERVAL_MS));
      reminders();
      for (const timer of timers) timer.unref();
    },

    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      unsubscribe?.();
      unsubscribe = null;
      if (sweeping) await sweeping;
    },
  };
}

export type AlarmModule = ReturnType<typeof createAlarmModule>;
