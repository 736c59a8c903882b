/**
 * User agreement and privacy policy (§2 system/agreement): publishing adds a version (unique per
 * kind, 2701) that becomes the current one; older versions stay readable. Registration must name
 * the current version of each published kind (2707 / 2708 when the person read an older one), and
 * the accepted versions are recorded on the new account.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  ACCEPTED_VERSION_FIELDS,
  AGREEMENT_KINDS,
  type AgreementKind,
  type AgreementPublishBody,
  type AgreementSummary,
  type AgreementText,
  type CurrentAgreements,
} from '@lyyp/contracts/system';
import { newId } from '../../lib/ids.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { AgreementRepository, AgreementRow } from './agreement.repository.ts';

const OUTDATED_CODE = { agreement: '2707', privacy: '2708' } as const satisfies Record<AgreementKind, string>;

function presentText(row: AgreementRow): AgreementText {
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    title: row.title,
    content: row.content,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** What registration hands over: the ids the person accepted, by field. */
export type AcceptedVersions = Partial<Record<'agreementId' | 'privacyId', string | undefined>>;

/** The part of the agreements registration uses (the auth module depends on this only). */
export interface AgreementAcceptance {
  /** The ids to record, or a refusal when a published kind was not accepted in its current version. */
  requireCurrent(accepted: AcceptedVersions): Promise<string[]>;
  record(accountId: string, versionIds: readonly string[]): Promise<void>;
}

export class AgreementService implements AgreementAcceptance {
  constructor(
    private readonly agreements: AgreementRepository,
    private readonly now: () => number,
  ) {}

  async list(kind: AgreementKind | undefined): Promise<AgreementSummary[]> {
    const rows = await this.agreements.list(kind);
    const newest = new Map<AgreementKind, string>();
    for (const row of rows) if (!newest.has(row.kind)) newest.set(row.kind, row.id);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      version: row.version,
      title: row.title,
      current: newest.get(row.kind) === row.id,
      acceptedCount: row.acceptedCount,
      publishedAt: row.publishedAt.toISOString(),
    }));
  }

  async info(id: string): Promise<AgreementText> {
    const row = await this.agreements.find(id);
    if (!row) throw new CatalogueError('1003');
    return presentText(row);
  }

  async publish(accountId: string, input: AgreementPublishBody): Promise<AgreementText> {
    const version = input.version.trim();
    const taken = () => new CatalogueError('2701', { version, field: 'version' });
    if (await this.agreements.versionTaken(input.kind, version)) throw taken();
    // The newest is the current one, so a new version is always later than the one it replaces.
    const previous = await this.agreements.current(input.kind);
    const at = Math.max(this.now(), (previous?.publishedAt.getTime() ?? 0) + 1);
    const id = newId();
    await this.agreements
      .insert({
        id,
        kind: input.kind,
        version,
        title: input.title.trim(),
        content: input.content,
        publishedBy: accountId,
        publishedAt: new Date(at),
      })
      .catch((error: unknown) => {
        if (databaseCodeOf(error) === '23505') throw taken();
        throw error;
      });
    return this.info(id);
  }

  async current(): Promise<CurrentAgreements> {
    const [agreement, privacy] = await Promise.all(
      AGREEMENT_KINDS.map((kind) => this.agreements.current(kind)),
    );
    return {
      agreement: agreement ? presentText(agreement) : null,
      privacy: privacy ? presentText(privacy) : null,
    };
  }

  async requireCurrent(accepted: AcceptedVersions): Promise<string[]> {
    const ids: string[] = [];
    for (const kind of AGREEMENT_KINDS) {
      const current = await this.agreements.current(kind);
      if (!current) continue;
      const field = ACCEPTED_VERSION_FIELDS[kind];
      if (accepted[field] !== current.id) throw new CatalogueError(OUTDATED_CODE[kind], { field });
      ids.push(current.id);
    }
    return ids;
  }

  async record(accountId: string, versionIds: readonly string[]): Promise<void> {
    await this.agreements.recordAcceptance(accountId, versionIds, new Date(this.now()));
  }
}
