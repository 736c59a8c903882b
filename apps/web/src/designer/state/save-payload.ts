/**
 * The multipart fields of a page save (§3 "Save sends a multipart form"): id, the version that was
 * loaded, and the saved file as JSON strings `con`, `widgets`, `bind`. A page password travels only
 * when the designer typed a new one; otherwise `con.password` is empty and the server keeps the
 * password it has (it never sends it back).
 */
import { PageFileSchema, type PageDocument } from '@lyyp/contracts/designer';
import { checkWidgetLimits, toPageFile, type Rejection } from '@lyyp/designer-core';

export interface SaveRequest {
  readonly document: PageDocument;
  /** The version `load` (or the previous save) returned. */
  readonly version: number;
  /** The server holds a password for this page already. */
  readonly hasPassword: boolean;
  /** The password the previous save sent, so it is not sent again. */
  readonly sentPassword: string;
}

export type SaveFields = Readonly<Record<'id' | 'version' | 'con' | 'widgets' | 'bind', string>>;

export type SavePayload =
  | { readonly ok: true; readonly fields: SaveFields; readonly sentPassword: string }
  /** `path` names the invalid part; `password-missing`: the page asks for a password it lacks. */
  | { readonly ok: false; readonly reason: 'invalid' | 'password-missing'; readonly path: string }
  /** A §9 limit the page breaks (a page opened over a limit), named with its maximum. */
  | { readonly ok: false; readonly reason: 'limit'; readonly rejection: Rejection };

export function buildSavePayload({ document, version, hasPassword, sentPassword }: SaveRequest): SavePayload {
  const limits = checkWidgetLimits({ ...document, widgets: [] }, document);
  if (!limits.ok) return { ok: false, reason: 'limit', rejection: limits.rejection };
  const file = toPageFile(document);
  const parsed = PageFileSchema.safeParse(file);
  if (!parsed.success) {
    return { ok: false, reason: 'invalid', path: parsed.error.issues[0]?.path.join('.') ?? '' };
  }
  const typed = document.checkpwd ? document.password : '';
  const newPassword = typed !== '' && typed !== sentPassword ? typed : '';
  if (document.checkpwd && !hasPassword && typed === '') {
    return { ok: false, reason: 'password-missing', path: 'con.password' };
  }
  return {
    ok: true,
    sentPassword: newPassword || sentPassword,
    fields: {
      id: document.id,
      version: String(version),
      con: JSON.stringify({ ...file.con, password: newPassword }),
      widgets: JSON.stringify(file.widgets),
      bind: JSON.stringify(file.bind),
    },
  };
}
