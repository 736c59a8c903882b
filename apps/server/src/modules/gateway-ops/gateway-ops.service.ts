/**
 * Gateway operations of a device (§1, §4, §8): replacing its gateway, factory reset, clearing its
 * data, and the gateway's remote settings and restart. Whatever the gateway must carry out goes
 * over the command channel (`down/cmd`) and is refused for an offline or dormant gateway; the
 * platform's part (moving the device, removing data) happens in one transaction. Every operation
 * is recorded in the device log with who asked.
 */
import type { ActionName } from '@lyyp/contracts/policy';
import { CatalogueError } from '@lyyp/contracts';
import type { CommandReply } from '@lyyp/contracts/commands';
import {
  DEFAULT_GATEWAY_SETTINGS,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
  changedSettingKeys,
  checkSubscribeTopic,
  type ClearedData,
  type GatewayClearDataRequest,
  type GatewayReplacement,
  type GatewaySettings,
  type GatewaySettingsAnswer,
  type MqttTlsFile,
  type MqttTlsPart,
  type ReplacementState,
} from '@lyyp/contracts/gateway-ops';
import type { StoredValue } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { CommandRow, CommandService } from '../command/command.service.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { DeviceRow } from '../device/device.repository.ts';
import { GATEWAY_BOUND_CODE, bindKeys } from '../device/device.service.ts';
import type { Caller } from '../device/viewer.ts';
import type { DeviceEventRecorder } from '../equipment-admin/device-events.ts';
import type { GatewayRepository } from '../gateway/gateway.repository.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import { withoutCredentials } from '../../mqtt/broker-address.ts';
import type { GatewayOpsRepository } from './gateway-ops.repository.ts';
import { certificateMatchesKey, readTlsFile } from './mqtt-tls-files.ts';

type GatewayCommandReply = CommandReply<{ value: StoredValue }>;

export interface GatewayOpsServiceDeps {
  repository: GatewayOpsRepository;
  gateways: Pick<GatewayRepository, 'findBySn'>;
  access: Pick<DeviceAccess, 'requireVisibleDevice' | 'requireDeviceMenu' | 'authorize'>;
  limiter: AttemptLimiter;
  commands: Pick<CommandService, 'sendGatewayCommand' | 'onSettled' | 'onReplying'>;
  /** The device's configuration to its (new) gateway; the old gateway's withdrawn. */
  link: { pushConfig(deviceId: string): Promise<number | null>; clearConfig(sn: string): Promise<void> };
  events: Pick<DeviceEventRecorder, 'gatewayOperation'>;
  now: () => number;
  reportFailure: (error: unknown, context: Record<string, string>) => void;
}

export class GatewayOpsService {
  constructor(private readonly deps: GatewayOpsServiceDeps) {
    // Outcomes are stored before the reply settles the command, so a save never shows complete without them.
    deps.commands.onReplying(async (sn, reply) => {
      if (reply.data?.settings) await deps.repository.recordOutcomes(sn, reply.uuid, reply.data.settings);
    });
    deps.commands.onSettled((row) => this.handleSettled(row));
  }

  /**
   * Moves the device to a new gateway, named by SN and verification code like binding (and
   * attempt-limited the same way). The new gateway must be free; the old one is released. Data,
   * alarms, reports, configuration, pages and shares belong to the device and stay with it; the
   * new gateway is sent the configuration at once, or when it connects.
   */
  async replace(caller: Caller, input: { equipmentId: string; sn: string; verificationCode: string }) {
    const device = await this.requireManaged(caller, input.equipmentId, 'device.replaceGateway');
    if (input.sn === device.gatewaySn) throw new CatalogueError('2858', { field: 'sn' });
    const keys = bindKeys(input.sn, caller.account.id);
    // The attempt is taken before the code is compared, so parallel guesses cannot pass the limit.
    const attempt = await this.deps.limiter.reserve(keys);
    const gateway = await this.deps.gateways.findBySn(input.sn);
    if (!gateway || gateway.verificationCode !== input.verificationCode)
      throw new CatalogueError('1102', { field: 'verificationCode' });
    await attempt.clear(keys.slice(0, 1));
    await attempt.release();
    const id = newId();
    const moved = await this.deps.repository
      .replace({
        id,
        deviceId: device.id,
        oldSn: device.gatewaySn,
        newSn: input.sn,
        ownerAccountId: device.ownerAccountId,
        actorAccountId: caller.account.id,
        at: new Date(this.deps.now()),
      })
      .catch((error: unknown) => {
        // The new gateway is bound to a device (checked by the unique SN of devices).
        if (databaseCodeOf(error) === '23505') throw new CatalogueError(GATEWAY_BOUND_CODE, { field: 'sn' });
        throw error;
      });
    // Someone replaced it at the same moment: the device is no longer on the gateway we read.
    if (!moved) throw new CatalogueError('1003');
    await this.deps.events.gatewayOperation(
      'replace',
      { id: device.id, gatewaySn: input.sn },
      caller.account.id,
      {
        oldSn: device.gatewaySn,
        newSn: input.sn,
      },
    );
    await this.afterMove(device.id, device.gatewaySn);
    return this.replacementOf(device.id);
  }

  private async afterMove(deviceId: string, oldSn: string): Promise<void> {
    // The move is stored; a broker hiccup here is repaired when the gateways report (gateway link).
    await this.deps.link
      .clearConfig(oldSn)
      .catch((error: unknown) => this.deps.reportFailure(error, { step: 'clearConfig', sn: oldSn }));
    await this.deps.link
      .pushConfig(deviceId)
      .catch((error: unknown) => this.deps.reportFailure(error, { step: 'pushConfig', deviceId }));
  }

  /** The device's latest replacement and its progress, derived from the new gateway's sync. */
  async replacement(caller: Caller, equipmentId: string): Promise<GatewayReplacement | null> {
    const device = await this.deps.access.requireDeviceMenu(caller.account, equipmentId, 'gateway');
    return this.replacementOf(device.id);
  }

  private async replacementOf(deviceId: string): Promise<GatewayReplacement | null> {
    const record = await this.deps.repository.latestReplacement(deviceId);
    if (!record) return null;
    const { replacement } = record;
    let state: ReplacementState = 'syncing';
    // A device replaced again since has moved on: this replacement is behind it.
    if (record.currentSn !== replacement.newSn || record.syncState === 'complete') state = 'complete';
    else if (record.syncState === 'failed') state = 'failed';
    return {
      id: replacement.id,
      deviceId,
      oldSn: replacement.oldSn,
      newSn: replacement.newSn,
      state,
      error: state === 'failed' ? (record.syncError ?? null) : null,
      at: replacement.at.toISOString(),
      actorName: record.actorName ?? null,
    };
  }

  /**
   * Factory reset: the gateway returns to its factory settings and forgets its configuration,
   * buffer and commands (then gets the device's configuration again). With `keepPlatformData`
   * false, the device's data on the platform is cleared as "clear data: all" does, once the
   * gateway confirmed the reset.
   */
  async factoryReset(caller: Caller, input: { equipmentId: string; keepPlatformData: boolean }) {
    const device = await this.requireManaged(caller, input.equipmentId, 'device.resetGateway');
    const answer = await this.deps.commands.sendGatewayCommand({
      deviceId: device.id,
      sn: device.gatewaySn,
      op: 'factory-reset',
      value: input.keepPlatformData,
      createdBy: caller.account.id,
    });
    if (answer.online)
      await this.deps.events.gatewayOperation('factory-reset', device, caller.account.id, {
        keepPlatformData: input.keepPlatformData,
        command: answer.uuid ?? null,
      });
    return answer;
  }

  /** Clears the device's data on the platform (all, or measured in [from, to)); the gateway is not involved. */
  async clearData(caller: Caller, input: GatewayClearDataRequest): Promise<ClearedData> {
    const device = await this.requireManaged(caller, input.equipmentId, 'device.clearData');
    let range: { from: number; to: number } | null = null;
    if (input.scope === 'range') {
      if (input.from === undefined) throw new CatalogueError('1001', { field: 'from' });
      if (input.to === undefined) throw new CatalogueError('1001', { field: 'to' });
      if (input.from >= input.to) throw new CatalogueError('1804', { field: 'to' });
      range = { from: input.from, to: input.to };
    }
    const cleared = await this.deps.repository.clearData(device.id, device.gatewaySn, range);
    await this.deps.events.gatewayOperation('clear-data', device, caller.account.id, {
      scope: input.scope,
      from: range?.from ?? null,
      to: range?.to ?? null,
      points: cleared.points,
    });
    return cleared;
  }

  async settings(caller: Caller, equipmentId: string): Promise<GatewaySettingsAnswer> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, equipmentId);
    await this.deps.access.authorize(caller.account, 'device.gatewaySettings', device);
    return this.settingsOf(device.gatewaySn);
  }

  private async settingsOf(sn: string): Promise<GatewaySettingsAnswer> {
    const stored = await this.deps.repository.settingsOf(sn);
    const tlsFiles = (await this.deps.repository.tlsFilesOf(sn)).map((file) => file.summary);
    if (!stored) {
      return {
        sn,
        tlsFiles,
        settings: DEFAULT_GATEWAY_SETTINGS,
        wifiPasswordSet: false,
        state: 'none',
        code: null,
        outcomes: [],
        restartRequired: [],
        updatedAt: null,
      };
    }
    const outcomes = stored.row.outcomes ?? [];
    const expired = stored.expiresAt !== null && stored.expiresAt.getTime() <= this.deps.now();
    // Derived from the command: pending past its deadline means the gateway never answered.
    const state =
      !stored.row.commandUuid || !stored.status
        ? 'none'
        : stored.status === 'pending'
          ? expired
            ? 'failed'
            : 'syncing'
          : stored.status === 'success' && outcomes.every((outcome) => outcome.status !== 'failed')
            ? 'complete'
            : 'failed';
    const { settings } = stored.row;
    return {
      sn,
      tlsFiles,
      // Secrets are never answered: the Wi-Fi password, and a broker password an address saved
      // before addresses were refused with one may still carry. TLS files are never stored here.
      settings: {
        ...settings,
        wifi: { ...settings.wifi, password: '' },
        mqtt: {
          url: settings.mqtt.url ? withoutCredentials(settings.mqtt.url) : '',
          keepAliveSeconds: settings.mqtt.keepAliveSeconds,
          // Settings saved before the subscription topic existed have none.
          subscribeTopic: settings.mqtt.subscribeTopic ?? '',
        },
      },
      wifiPasswordSet: settings.wifi.password !== '',
      state,
      code: state === 'failed' ? (stored.status === 'pending' ? '99902' : (stored.code ?? null)) : null,
      outcomes,
      restartRequired: outcomes
        .filter((outcome) => outcome.status === 'restart-required')
        .map((outcome) => outcome.key),
      updatedAt: stored.row.updatedAt.toISOString(),
    };
  }

  /**
   * Saves the settings and sends all of them to the gateway, which answers per setting. A dormant
   * gateway takes only a change that wakes it (2864); an offline one nothing (1501). Refused
   * requests change nothing: the settings are stored only once the command went out.
   */
  async saveSettings(caller: Caller, input: { equipmentId: string; settings: GatewaySettings }) {
    const device = await this.requireManaged(caller, input.equipmentId, 'device.configureGateway');
    const topicProblem = checkSubscribeTopic(device.gatewaySn, input.settings.mqtt.subscribeTopic);
    if (topicProblem) throw new CatalogueError(topicProblem.code, topicProblem.params);
    const current =
      (await this.deps.repository.settingsOf(device.gatewaySn))?.row.settings ?? DEFAULT_GATEWAY_SETTINGS;
    // TLS files come from what was uploaded, never from a request, and are not kept with the settings.
    // No subscription topic is left out, not kept as '' (a form's empty field and JSON's agree).
    const { url, keepAliveSeconds, subscribeTopic } = input.settings.mqtt;
    const mqtt = { url, keepAliveSeconds, ...(subscribeTopic ? { subscribeTopic } : {}) };
    const settings = withKeptPassword({ ...input.settings, mqtt }, current);
    const changed = changedSettingKeys(current, settings);
    const wakesOnly = changed.length === 1 && changed[0] === 'dormant' && !settings.dormant;
    const files = await this.deps.repository.tlsFilesOf(device.gatewaySn);
    const tls = Object.fromEntries(files.map((file) => [file.part, file.pem]));
    const answer = await this.deps.commands.sendGatewayCommand({
      deviceId: device.id,
      sn: device.gatewaySn,
      op: 'settings',
      settings: files.length > 0 ? { ...settings, mqtt: { ...mqtt, tls } } : settings,
      createdBy: caller.account.id,
      reachesDormant: wakesOnly,
    });
    if (!answer.online) {
      if (answer.code === '1502') throw new CatalogueError('2864');
      return answer;
    }
    await this.deps.repository.saveSettings(
      device.gatewaySn,
      settings,
      answer.uuid ?? null,
      new Date(this.deps.now()),
    );
    await this.deps.events.gatewayOperation('settings', device, caller.account.id, {
      changed: changed.join(',') || null,
      command: answer.uuid ?? null,
    });
    return answer;
  }

  /**
   * Keeps an uploaded TLS file of the gateway's MQTT connection after checking it is what it
   * claims (1770, 1771, 1772) and that a client key and certificate belong together (2868). It
   * goes to the gateway with the next save of the settings. The upload is read only after the
   * caller was allowed to change the device's gateway.
   */
  async uploadTlsFile(
    caller: Caller,
    input: { equipmentId: string; part: MqttTlsPart },
    readUpload: () => Promise<{ name: string; bytes: Buffer; truncated: boolean }>,
  ): Promise<MqttTlsFile> {
    const device = await this.requireManaged(caller, input.equipmentId, 'device.configureGateway');
    const file = readTlsFile(input.part, await readUpload(), new Date(this.deps.now()));
    const held = await this.deps.repository.tlsFilesOf(device.gatewaySn);
    const partner = held.find((other) => other.part === (input.part === 'key' ? 'cert' : 'key'));
    if (input.part !== 'ca' && partner) {
      const [certificate, key] = input.part === 'key' ? [partner.pem, file.pem] : [file.pem, partner.pem];
      if (!certificateMatchesKey(certificate, key)) throw new CatalogueError('2868');
    }
    await this.deps.repository.saveTlsFile(device.gatewaySn, input.part, file.pem, file.summary);
    await this.deps.events.gatewayOperation('settings', device, caller.account.id, {
      changed: `mqtt.tls.${input.part}`,
      command: null,
    });
    return file.summary;
  }

  /** Forgets an uploaded TLS file; the gateway stops using it with the next save. */
  async removeTlsFile(caller: Caller, input: { equipmentId: string; part: MqttTlsPart }): Promise<boolean> {
    const device = await this.requireManaged(caller, input.equipmentId, 'device.configureGateway');
    const removed = await this.deps.repository.removeTlsFile(device.gatewaySn, input.part);
    if (removed)
      await this.deps.events.gatewayOperation('settings', device, caller.account.id, {
        changed: `mqtt.tls.${input.part}.removed`,
        command: null,
      });
    return removed;
  }

  async restart(caller: Caller, equipmentId: string): Promise<GatewayCommandReply> {
    const device = await this.requireManaged(caller, equipmentId, 'device.restartGateway');
    return this.deps.commands.sendGatewayCommand({
      deviceId: device.id,
      sn: device.gatewaySn,
      op: 'restart',
      createdBy: caller.account.id,
    });
  }

  /** The gateway answered a factory reset (on whichever node heard it). */
  private async handleSettled(row: CommandRow): Promise<void> {
    if (row.op !== 'factory-reset' || row.status !== 'success') return;
    await this.deps.repository.forgetSettings(row.gatewaySn);
    if (row.value === false) await this.deps.repository.clearData(row.deviceId, row.gatewaySn, null);
    // The gateway forgot its configuration: send the device's again.
    await this.deps.link
      .pushConfig(row.deviceId)
      .catch((error: unknown) =>
        this.deps.reportFailure(error, { step: 'pushConfig', deviceId: row.deviceId }),
      );
  }

  private async requireManaged(caller: Caller, id: string, action: ActionName): Promise<DeviceRow> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, id);
    await this.deps.access.authorize(caller.account, action, device);
    return device;
  }
}

/**
 * An empty Wi-Fi password in a save keeps the one the platform holds (answers never show it). With
 * Wi-Fi on and none held, the password is missing: 2857.
 */
function withKeptPassword(wanted: GatewaySettings, current: GatewaySettings): GatewaySettings {
  if (wanted.wifi.password !== '') return wanted;
  const password = current.wifi.password;
  if (wanted.wifi.enabled && password === '')
    throw new CatalogueError('2857', {
      field: 'wifi.password',
      min: WIFI_PASSWORD_MIN_LENGTH,
      max: WIFI_PASSWORD_MAX_LENGTH,
    });
  return { ...wanted, wifi: { ...wanted.wifi, password } };
}
