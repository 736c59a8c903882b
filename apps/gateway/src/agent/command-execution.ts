/**
 * What each platform command does on the gateway (read, write, restart, settings, factory reset,
 * browse) and the reply it gets. The command runner decides whether a command runs at all (at most
 * once, not late); the agent runs these one at a time with configuration changes.
 */
import type { CommandPayload, ReplyPayload } from '@lyyp/contracts/protocol';
import { ANTI_TAMPER_WRITE_CODE } from '../core/gateway-settings.ts';
import { pointsOf } from '../core/point-batcher.ts';
import type { Scheduler } from '../core/scheduler.ts';
import type { ConfigApplier } from './config-applier.ts';
import type { EdgeLogic } from './edge-logic.ts';
import type { AgentLogger } from './logger.ts';
import type { ModbusRuntime } from './modbus-runtime.ts';
import type { SettingsRunner } from './settings-runner.ts';
import type { UploadPipeline } from './upload-pipeline.ts';

export interface CommandExecutionOptions {
  readonly scheduler: Scheduler;
  readonly logger: AgentLogger;
  readonly runtime: ModbusRuntime;
  readonly edge: EdgeLogic;
  readonly settings: SettingsRunner;
  readonly uploads: UploadPipeline;
  readonly config: ConfigApplier;
  /** Sends the gateway's status now (dormancy or settings changed). */
  readonly sendStatus: () => void;
}

const success = (uuid: string, data?: ReplyPayload['data']): ReplyPayload => ({
  uuid,
  status: 'success',
  code: '200',
  ...(data ? { data } : {}),
});
// No message: the console shows the catalogue's text for the code in the reader's language.
const failure = (uuid: string, code: string): ReplyPayload => ({ uuid, status: 'failure', code });

export class CommandExecution {
  constructor(private readonly options: CommandExecutionOptions) {}

  async execute(command: CommandPayload): Promise<ReplyPayload> {
    const { scheduler, logger, runtime, edge, settings, uploads } = this.options;
    const { uuid, key } = command;
    switch (command.op) {
      case 'read': {
        const at = scheduler.now();
        const held = key === undefined ? undefined : edge.currentValue(key);
        if (held) return held.ok ? success(uuid, { value: held.value }) : failure(uuid, held.code);
        const [sample] = await runtime.readNow(key ? [key] : [], at);
        if (!sample) return failure(uuid, '99903');
        uploads.rememberReported(sample);
        // The poller now counts this value as reported, so history gets it from here.
        const [point] = pointsOf([sample], at);
        if (point) uploads.collect([point]);
        if (sample.kind === 'fault') return failure(uuid, sample.code);
        return success(uuid, { value: point?.v ?? null });
      }
      case 'write': {
        if (!key) return failure(uuid, '1714');
        const previous = uploads.latestValue(key);
        if (edge.ownsVariable(key)) {
          const kept = edge.writeKept(key, command.value);
          if (!kept.ok) return failure(uuid, kept.code);
          return success(uuid, { value: kept.value, ...(previous !== undefined ? { previous } : {}) });
        }
        if (settings.writesBlocked()) return failure(uuid, ANTI_TAMPER_WRITE_CODE);
        const outcome = await runtime.write(key, command.value);
        if (!outcome.ok) return failure(uuid, outcome.code);
        logger.log(
          'info',
          `wrote ${key} = ${String(outcome.value)}${outcome.readBack ? ' (confirmed by read-back)' : ''}`,
        );
        return success(uuid, { value: outcome.value, ...(previous !== undefined ? { previous } : {}) });
      }
      case 'restart':
        return success(uuid);
      case 'settings': {
        if (!command.settings) return failure(uuid, '1002');
        const wasDormant = settings.dormant;
        const outcomes = await settings.apply(command.settings);
        await this.changeDormancy(wasDormant);
        this.options.sendStatus();
        return success(uuid, { settings: outcomes });
      }
      case 'factory-reset':
        await this.factoryReset();
        return success(uuid);
      case 'browse': {
        // The tag browser: the children of a node of an OPC UA driver's server, never stored.
        if (!command.driver) return failure(uuid, '1001');
        const outcome = await runtime.browse(command.driver, command.node);
        if (!outcome.ok) return failure(uuid, outcome.code);
        return success(uuid, { nodes: [...outcome.nodes], truncated: outcome.truncated });
      }
    }
  }

  /** Falls asleep (polling stops) or wakes (the saved configuration runs again). */
  private async changeDormancy(wasDormant: boolean): Promise<void> {
    const { logger, runtime, edge, settings, uploads } = this.options;
    if (wasDormant === settings.dormant) return;
    if (settings.dormant) {
      uploads.flush();
      await edge.stop();
      await runtime.stop();
      logger.log('info', 'dormant on request: polling stopped');
      return;
    }
    await this.options.config.resume();
    logger.log('info', 'woken on request');
  }

  /**
   * Factory settings: the remote settings, the configuration and the values held by edge logic
   * are forgotten and polling stops (the platform sends the device's configuration again). What
   * is in the buffer was measured and is still sent; the command journal stays, so no command runs
   * twice. The working mode and MQTT settings of the factory apply from the next start.
   */
  private async factoryReset(): Promise<void> {
    const { logger, runtime, edge, settings, uploads } = this.options;
    await settings.reset();
    await this.options.config.forget();
    uploads.flush();
    await edge.stop();
    await edge.forgetKeptValues();
    await runtime.stop();
    uploads.forgetLatest();
    logger.log('info', 'factory settings restored on request');
    this.options.sendStatus();
  }
}
