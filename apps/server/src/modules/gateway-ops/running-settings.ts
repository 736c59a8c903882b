/**
 * Settings that take effect only when the agent starts (working mode, MQTT connection) are
 * `restart-required` in the answer the gateway gave to their save. Whether they are in force is
 * read from what the agent reports after it started — its status names the working mode and the
 * MQTT address it runs — never kept from the save: a gateway that restarted into them shows them
 * applied, and one that could not reach a new MQTT address (it went back to the last address that
 * worked) shows that setting failed with 1517.
 */
import type { SettingOutcome } from '@lyyp/contracts/gateway-ops';
import type { StatusPayload } from '@lyyp/contracts/protocol';
import type { GatewayOpsRepository } from './gateway-ops.repository.ts';

/** The MQTT setting's failure: the agent could not connect to it and runs on the last address that worked. */
export const MQTT_FALLBACK_CODE = '1517';

/** An address as agents report it: without user name or password, no trailing slash. */
function comparable(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** The outcomes once the status is taken into account (the same array when nothing changes). */
export function reconcileOutcomes(
  outcomes: readonly SettingOutcome[],
  saved: { mode: string; mqtt: { url: string } },
  status: StatusPayload,
): readonly SettingOutcome[] {
  let changed = false;
  const next = outcomes.map((outcome): SettingOutcome => {
    if (outcome.key === 'mode' && outcome.status === 'restart-required') {
      if (status.gatewayMode !== saved.mode) return outcome;
      changed = true;
      return { key: 'mode', status: 'applied' };
    }
    if (outcome.key === 'mqtt' && outcome.status === 'restart-required' && status.mqtt) {
      const wanted = saved.mqtt.url ? comparable(saved.mqtt.url) : null;
      if (wanted && status.mqtt.failed && comparable(status.mqtt.failed.url) === wanted) {
        changed = true;
        return { key: 'mqtt', status: 'failed', code: MQTT_FALLBACK_CODE };
      }
      if (!wanted || comparable(status.mqtt.url) === wanted) {
        changed = true;
        return { key: 'mqtt', status: 'applied' };
      }
    }
    return outcome;
  });
  return changed ? next : outcomes;
}

/** Brings the stored outcomes of a gateway's last settings save in line with its status. */
export async function recordRunningSettings(
  repository: Pick<GatewayOpsRepository, 'settingsOf' | 'recordOutcomes'>,
  sn: string,
  status: StatusPayload,
): Promise<void> {
  if (status.status !== 'online' && status.status !== 'dormant') return;
  const stored = await repository.settingsOf(sn);
  const row = stored?.row;
  if (!row?.commandUuid || !row.outcomes) return;
  const next = reconcileOutcomes(row.outcomes, row.settings, status);
  if (next !== row.outcomes) await repository.recordOutcomes(sn, row.commandUuid, [...next]);
}
