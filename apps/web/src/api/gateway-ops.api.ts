/**
 * Typed calls of a device's gateway operations (`/equipment/gateway/*`): replacement and its
 * progress, factory reset, clearing data, remote settings and restart. Paths, requests and answers
 * are the contract's (`@lyyp/contracts/gateway-ops`); commands run the §7 polling schedule.
 */
import type { ValueReply } from '@lyyp/contracts';
import { runDeviceCommand } from '@lyyp/contracts/commands';
import {
  GATEWAY_OPS_API_PATHS,
  type ClearedData,
  type GatewayClearDataRequest,
  type GatewayReplacement,
  type GatewaySettings,
  type GatewaySettingsAnswer,
  type GatewayTlsFileRemoved,
  MQTT_TLS_FILE_FIELD,
  type MqttTlsFile,
  type MqttTlsPart,
} from '@lyyp/contracts/gateway-ops';
import { type ApiClient, JSON_BODY } from './client.ts';
import { COMMAND_PATHS } from './command.api.ts';
import { apiClient } from './instance.ts';

export type {
  ClearedData,
  GatewayReplacement,
  GatewaySettings,
  GatewaySettingsAnswer,
  MqttTlsFile,
  MqttTlsPart,
} from '@lyyp/contracts/gateway-ops';
const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function createGatewayOpsApi(client: ApiClient) {
  const poll = (uuid: string) => client.post<ValueReply>(COMMAND_PATHS.callback, { uuid });
  /** A gateway command: posted, then polled until the gateway answered (online: false is returned as is). */
  const command = (path: string, body: Record<string, unknown>) =>
    runDeviceCommand({ post: () => client.post<ValueReply>(path, body, JSON_BODY), poll, sleep });
  return {
    replace: (equipmentId: string, sn: string, verificationCode: string) =>
      client.post<GatewayReplacement>(
        GATEWAY_OPS_API_PATHS.replace,
        { equipmentId, sn, verificationCode, confirm: true },
        JSON_BODY,
      ),
    replacement: (equipmentId: string) =>
      client.post<GatewayReplacement | null>(GATEWAY_OPS_API_PATHS.replacement, { equipmentId }),
    factoryReset: (equipmentId: string, keepPlatformData: boolean) =>
      command(GATEWAY_OPS_API_PATHS.factoryReset, { equipmentId, keepPlatformData, confirm: true }),
    clearData: (request: Omit<GatewayClearDataRequest, 'confirm'>) =>
      client.post<ClearedData>(GATEWAY_OPS_API_PATHS.clearData, { ...request, confirm: true }, JSON_BODY),
    settings: (equipmentId: string) =>
      client.post<GatewaySettingsAnswer>(GATEWAY_OPS_API_PATHS.settings, { equipmentId }),
    saveSettings: (equipmentId: string, settings: GatewaySettings) =>
      command(GATEWAY_OPS_API_PATHS.saveSettings, { equipmentId, settings }),
    restart: (equipmentId: string) => command(GATEWAY_OPS_API_PATHS.restart, { equipmentId }),
    /** A TLS file of the MQTT connection: checked and kept by the platform, answered as a summary. */
    uploadTlsFile: (equipmentId: string, part: MqttTlsPart, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append(MQTT_TLS_FILE_FIELD, file, fileName);
      const query = new URLSearchParams({ equipmentId, part });
      return client.upload<MqttTlsFile>(`${GATEWAY_OPS_API_PATHS.tlsUpload}?${query.toString()}`, form);
    },
    removeTlsFile: (equipmentId: string, part: MqttTlsPart) =>
      client.post<GatewayTlsFileRemoved>(GATEWAY_OPS_API_PATHS.tlsRemove, { equipmentId, part }, JSON_BODY),
  };
}

export type GatewayOpsApi = ReturnType<typeof createGatewayOpsApi>;

export const gatewayOpsApi = createGatewayOpsApi(apiClient);
