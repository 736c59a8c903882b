/**
 * Texts of gateway operations outside React: catalogue failures with their `{field}` shown as the
 * form's label (`gatewayOps.fields`), and a command answer that says the gateway cannot take it.
 */
import type { Locale } from '@lyyp/contracts';
import type { ValueReply } from '../../api/command.api.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { describeFailure, labelFieldPath } from '../monitor/common/catalogue-text.ts';
import { GatewayUnavailableError } from '../monitor/write-dialog-state.ts';
import { isApiError } from '../../api/index.ts';
import { translateCatalogue } from '../../app/messages.ts';

export function describeOpsFailure(error: unknown, locale: Locale): string {
  if (isApiError(error)) {
    const params = error.params;
    const field = typeof params?.field === 'string' ? params.field : null;
    const labels = CONSOLE_TEXTS[locale].gatewayOps.fields as Record<string, string>;
    return translateCatalogue(
      error.code,
      locale,
      field ? { ...params, field: labelFieldPath(field, locale, labels) } : params,
    );
  }
  return describeFailure(error, locale);
}

/** A gateway command answered `online: false` (offline 1501, dormant 1502) throws, so callers show it once. */
export function requireDelivered(reply: ValueReply): ValueReply {
  if (!reply.online) throw new GatewayUnavailableError(reply.code ?? '1501');
  return reply;
}
