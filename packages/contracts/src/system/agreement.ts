/**
 * User agreement and privacy policy (§2 system/agreement): versioned texts. Publishing adds a new
 * version and keeps the old ones readable; the newest of each kind is the current one, shown at
 * registration. A person registering accepts the current versions by naming them, and the platform
 * records which versions each account accepted.
 */
import { z } from 'zod';
import { idField, isoTimeSchema, requiredText } from '../api/common.ts';
import { checkedString } from '../validation/index.ts';
import { checkFirmwareVersion } from '../firmware/firmware.ts';

export const AGREEMENT_API_PATHS = {
  list: '/system/agreement/list',
  publish: '/system/agreement/publish',
  info: '/system/agreement/info',
  /** Public: the current text of each kind, for registration. */
  current: '/agreement/current',
} as const;

export const AGREEMENT_KINDS = ['agreement', 'privacy'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export const AGREEMENT_TITLE_MAX_LENGTH = 50;
/** Long legal texts fit; a book does not. */
export const AGREEMENT_CONTENT_MAX_LENGTH = 50_000;

export const agreementPublishBodySchema = z.object({
  kind: z.enum(AGREEMENT_KINDS),
  version: checkedString(checkFirmwareVersion),
  title: requiredText('title', AGREEMENT_TITLE_MAX_LENGTH),
  content: requiredText('content', AGREEMENT_CONTENT_MAX_LENGTH),
});
export type AgreementPublishBody = z.input<typeof agreementPublishBodySchema>;

export const agreementIdBodySchema = z.object({ id: idField });
export type AgreementIdBody = z.input<typeof agreementIdBodySchema>;

export const agreementListBodySchema = z.object({ kind: z.enum(AGREEMENT_KINDS).optional() });
export type AgreementListBody = z.input<typeof agreementListBodySchema>;

/** One published version without its text (the list). */
export const agreementSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  version: z.string(),
  title: z.string(),
  /** The newest of its kind: the one registration shows. */
  current: z.boolean(),
  /** Accounts that accepted this version. */
  acceptedCount: z.number().int().min(0),
  publishedAt: isoTimeSchema,
});
export type AgreementSummary = z.infer<typeof agreementSummarySchema>;
export const agreementSummariesSchema = z.array(agreementSummarySchema);

export const agreementTextSchema = z.object({
  id: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  version: z.string(),
  title: z.string(),
  content: z.string(),
  publishedAt: isoTimeSchema,
});
export type AgreementText = z.infer<typeof agreementTextSchema>;

/** The current text of each kind; a kind never published is null (registration asks nothing for it). */
export const currentAgreementsSchema = z.object({
  agreement: agreementTextSchema.nullable(),
  privacy: agreementTextSchema.nullable(),
});
export type CurrentAgreements = z.infer<typeof currentAgreementsSchema>;

/** Fields of the registration body naming the versions accepted (ids of the current texts). */
export const ACCEPTED_VERSION_FIELDS: Readonly<Record<AgreementKind, 'agreementId' | 'privacyId'>> = {
  agreement: 'agreementId',
  privacy: 'privacyId',
};
