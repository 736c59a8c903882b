/**
 * The error catalogue (§8): every failure a user can cause has a code here with a Chinese and an
 * English text. Codes named by the specification keep their numbers; the others are ours, grouped:
 * 10xx request and session, 11xx sign-in and accounts, 12xx permissions, 13xx commands,
 * 14xx writes, 15xx gateways and devices, 16xx console, 17xx device and Modbus, 18xx resources.
 * Texts may hold `{name}` placeholders filled from the error's params. The entries are written in
 * two files by range (catalogue-platform.ts: 1xxx, catalogue-services.ts: 2xxx).
 */
import type { CatalogueEntry } from './catalogue-entry.ts';
import { PLATFORM_ERRORS } from './catalogue-platform.ts';
import { SERVICE_ERRORS } from './catalogue-services.ts';

export type { CatalogueEntry } from './catalogue-entry.ts';

export const ERROR_CATALOGUE = {
  ...PLATFORM_ERRORS,
  ...SERVICE_ERRORS,
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * Codes kept only as another name of a code the platform raises, so a client that knows the old
 * number words it the same way; the platform never raises them. 1203 is the older number of
 * "no permission to view alarm records", raised as 2116.
 */
export const CATALOGUE_ALIASES = { '1203': '2116' } as const satisfies Partial<Record<ErrorCode, ErrorCode>>;
