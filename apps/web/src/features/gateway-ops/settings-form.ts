/**
 * The remote settings form's rules: the contract's schema checks the whole form, and each issue
 * becomes an error on its field (path and catalogue text), so the console says exactly what the
 * server would say, before anything is sent.
 */
import type { Locale } from '@lyyp/contracts';
import { CATALOGUE_ISSUE_PREFIX } from '@lyyp/contracts';
import {
  checkSubscribeTopic,
  gatewaySettingsSchema,
  type GatewaySettings,
} from '@lyyp/contracts/gateway-ops';
import { translateCatalogue } from '../../app/messages.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { labelFieldPath } from '../monitor/common/catalogue-text.ts';

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * Checks the form; with the gateway's SN also that the subscription topic lies under the
 * gateway's own topics (the rule the platform applies on save).
 */
export function checkSettings(
  values: unknown,
  locale: Locale,
  sn?: string,
): { ok: true; settings: GatewaySettings } | { ok: false; errors: FieldError[] } {
  const labels = CONSOLE_TEXTS[locale].gatewayOps.fields as Record<string, string>;
  const parsed = gatewaySettingsSchema.safeParse(values);
  if (parsed.success) {
    const problem = sn ? checkSubscribeTopic(sn, parsed.data.mqtt.subscribeTopic) : null;
    if (!problem) return { ok: true, settings: parsed.data };
    const field = labelFieldPath('mqtt.subscribeTopic', locale, labels);
    const text = translateCatalogue(problem.code, locale, { ...problem.params, field });
    return { ok: false, errors: [{ name: ['mqtt', 'subscribeTopic'], errors: [text] }] };
  }
  const errors = parsed.error.issues.map((issue) => {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const field = labelFieldPath(path.join('.'), locale, labels);
    const code = issue.message.startsWith(CATALOGUE_ISSUE_PREFIX)
      ? issue.message.slice(CATALOGUE_ISSUE_PREFIX.length)
      : '1002';
    const params = (issue as { params?: Record<string, string | number> }).params ?? {};
    return { name: path, errors: [translateCatalogue(code, locale, { ...params, field })] };
  });
  return { ok: false, errors };
}
