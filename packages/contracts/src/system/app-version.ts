/**
 * App versions (§2 system/version, §3 "App version"): the mobile app as it is published, with the
 * §5 limits (name ≤ 25, version ≤ 15 without Chinese, identifier ≤ 50, description ≤ 500). One
 * version per identifier is the latest; /download shows it with a QR code per platform.
 *
 * Both platforms are links (http or https only, checked on save and again where the link is
 * opened): the App Store page for iOS, and for Android the package where it is hosted (an app
 * market or the company's download server). The QR code is scanned by a phone that is not signed
 * in, so whatever it points at must be public; the platform's file store is not.
 */
import { z } from 'zod';
import { idField, isoTimeSchema, pageSchema, pagingFields, requiredText } from '../api/common.ts';
import {
  ENTERPRISE_NAME_MAX_LENGTH,
  URL_MAX_LENGTH,
  checkedString,
  isSafeUrl,
  maxLengthCheck,
} from '../validation/index.ts';
import { checkFirmwareVersion } from '../firmware/firmware.ts';
import type { RuleViolation } from '../validation/index.ts';

export const APP_VERSION_API_PATHS = {
  list: '/system/version/list',
  add: '/system/version/add',
  edit: '/system/version/edit',
  delete: '/system/version/delete',
  setLatest: '/system/version/setLatest',
  /** Public: the latest version of each app, for /download. */
  latest: '/app/latest',
} as const;

/** §5 limits of the version maintenance form. */
export const APP_NAME_MAX_LENGTH = 25;
export const APP_IDENTIFIER_MAX_LENGTH = 50;
export const APP_DESCRIPTION_MAX_LENGTH = 500;
/** The enterprise that publishes the app: §5's enterprise name, at most 20. */
export const APP_ENTERPRISE_MAX_LENGTH = ENTERPRISE_NAME_MAX_LENGTH;

/** Platforms an app version is published for, each with its own link. */
export const APP_PLATFORMS = ['ios', 'android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** The link of a published app: absolute http or https only (a phone opens it, not the console). */
export const APP_LINK_RULE = { relative: false } as const;

/** A bundle id or package name: `com.example.app`. */
const IDENTIFIER_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

export function checkAppIdentifier(value: string): RuleViolation | null {
  if (!value.trim()) return { code: '1001', params: { field: 'identifier' } };
  if ([...value].length > APP_IDENTIFIER_MAX_LENGTH)
    return { code: '1137', params: { field: 'identifier', max: APP_IDENTIFIER_MAX_LENGTH } };
  return IDENTIFIER_PATTERN.test(value.trim()) ? null : { code: '1002', params: { field: 'identifier' } };
}

/** Code of a platform link that is not an absolute http(s) address. */
export const APP_LINK_ERROR_CODE = '2709';

/** A platform link: empty (none), or an absolute http or https address of at most URL_MAX_LENGTH. */
export function checkAppLink(field: string) {
  return (value: string): RuleViolation | null => {
    if ([...value].length > URL_MAX_LENGTH) return { code: '1137', params: { field, max: URL_MAX_LENGTH } };
    return isSafeUrl(value.trim(), APP_LINK_RULE) ? null : { code: APP_LINK_ERROR_CODE, params: { field } };
  };
}

const appVersionFields = {
  name: requiredText('name', APP_NAME_MAX_LENGTH),
  version: checkedString(checkFirmwareVersion),
  identifier: checkedString(checkAppIdentifier),
  enterprise: checkedString(maxLengthCheck('enterprise', APP_ENTERPRISE_MAX_LENGTH)).optional(),
  iosUrl: checkedString(checkAppLink('iosUrl')).optional(),
  androidUrl: checkedString(checkAppLink('androidUrl')).optional(),
  description: checkedString(maxLengthCheck('description', APP_DESCRIPTION_MAX_LENGTH)).optional(),
  /** Make this the latest version of its app (the others of the same identifier become historical). */
  latest: z.boolean().default(false),
};

export const appVersionAddBodySchema = z.object(appVersionFields);
export type AppVersionAddBody = z.input<typeof appVersionAddBodySchema>;

export const appVersionEditBodySchema = z.object({ ...appVersionFields, id: idField });
export type AppVersionEditBody = z.input<typeof appVersionEditBodySchema>;

export const appVersionIdBodySchema = z.object({ id: idField });
export type AppVersionIdBody = z.input<typeof appVersionIdBodySchema>;

export const appVersionListBodySchema = z.object({
  ...pagingFields,
  /** Part of the name, identifier or version. */
  keyword: z.string().trim().max(APP_IDENTIFIER_MAX_LENGTH).optional(),
});
export type AppVersionListBody = z.input<typeof appVersionListBodySchema>;

export const appVersionSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  identifier: z.string(),
  enterprise: z.string(),
  iosUrl: z.string(),
  androidUrl: z.string(),
  description: z.string(),
  latest: z.boolean(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type AppVersion = z.infer<typeof appVersionSchema>;

export const appVersionPageSchema = pageSchema(appVersionSchema);
export type AppVersionPage = z.infer<typeof appVersionPageSchema>;

/** What /download shows of one app: its latest version and the links that are safe to open. */
export const latestAppSchema = z.object({
  name: z.string(),
  version: z.string(),
  identifier: z.string(),
  enterprise: z.string(),
  description: z.string(),
  iosUrl: z.string().nullable(),
  androidUrl: z.string().nullable(),
  publishedAt: isoTimeSchema,
});
export type LatestApp = z.infer<typeof latestAppSchema>;
export const latestAppsSchema = z.array(latestAppSchema);
