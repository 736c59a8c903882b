/**
 * What `up/config` says about a configuration that does not validate: the catalogue code of the
 * first problem and where it is, in words an operator can act on.
 */
import { CATALOGUE_ISSUE_PREFIX, isErrorCode, translateError, type ErrorParams } from '@lyyp/contracts';
import { configPayloadSchema, type ConfigPayload, type ConfigReport } from '@lyyp/contracts/protocol';

export type ConfigCheck =
  | { readonly ok: true; readonly config: ConfigPayload }
  | { readonly ok: false; readonly report: ConfigReport };

function paramsOf(raw: unknown): ErrorParams | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries);
}

function versionOf(message: unknown): number {
  const version = (message as { version?: unknown } | null)?.version;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : 0;
}

export function checkConfig(message: unknown): ConfigCheck {
  const parsed = configPayloadSchema.safeParse(message);
  if (parsed.success) return { ok: true, config: parsed.data };
  const [issue] = parsed.error.issues;
  const named = issue?.message.startsWith(CATALOGUE_ISSUE_PREFIX)
    ? issue.message.slice(CATALOGUE_ISSUE_PREFIX.length)
    : '';
  const code = isErrorCode(named) ? named : '1002';
  const params = paramsOf((issue as { params?: unknown } | undefined)?.params) ?? {
    field: issue?.path.join('.') ?? 'config',
  };
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return {
    ok: false,
    report: {
      version: versionOf(message),
      status: 'failed',
      code,
      message: `${translateError(code, 'en-US', params)}${where}`.slice(0, 500),
    },
  };
}
