/**
 * Device commands (§4 async command flow): read and write a variable, polled through the §7
 * callback with the schedule of `runDeviceCommand`, and the configuration sync of a device.
 */
import type { SyncAnswer, ValueReply } from '@lyyp/contracts';
import { runDeviceCommand } from '@lyyp/contracts/commands';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export const COMMAND_PATHS = {
  read: '/equipment/command/read',
  write: '/equipment/command/write',
  callback: '/bluetooth/equipment/multi/callback',
  sync: '/equipment/sync',
} as const;

export type { CommandValue, SyncAnswer, ValueReply } from '@lyyp/contracts';

export interface CommandProgress {
  /** Called before each wait of the polling schedule. */
  onAttempt?: (attempt: number, waitedSeconds: number) => void;
  /** Stops polling; the run rejects with 1402 (write cancelled). */
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function createCommandApi(client: ApiClient) {
  const poll = (uuid: string) => client.post<ValueReply>(COMMAND_PATHS.callback, { uuid });
  return {
    /**
     * Writes a value and waits for the device's confirmation. A reply with `online: false` (gateway
     * offline 1501, dormant 1502) is returned as it is; a failure rejects with DeviceCommandError.
     */
    writeValue: (equipmentId: string, key: string, value: string | number, progress: CommandProgress = {}) =>
      runDeviceCommand({
        post: () => client.post<ValueReply>(COMMAND_PATHS.write, { equipmentId, key, value }),
        poll,
        sleep,
        ...progress,
      }),
    readValue: (equipmentId: string, key: string, progress: CommandProgress = {}) =>
      runDeviceCommand({
        post: () => client.post<ValueReply>(COMMAND_PATHS.read, { equipmentId, key }),
        poll,
        sleep,
        ...progress,
      }),
    /** Sends the configuration to the gateway again; refused with 1501/1503 when offline or sleeping. */
    syncConfiguration: (equipmentId: string) => client.post<SyncAnswer>(COMMAND_PATHS.sync, { equipmentId }),
  };
}

export type CommandApi = ReturnType<typeof createCommandApi>;

export const commandApi = createCommandApi(apiClient);
