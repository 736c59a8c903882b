/**
 * App versions (§2 system/version, §3): add, edit, delete, mark the latest, and the public list of
 * latest versions that /download shows. A version number is unique per app (2701); a version
 * needs at least one platform link (2702). Links are checked on save by the contract and again
 * here when they are handed out, so a link stored before the rule existed is never shown.
 */
import { CatalogueError, safeUrlOrNull } from '@lyyp/contracts';
import {
  APP_LINK_RULE,
  type AppVersion,
  type AppVersionAddBody,
  type LatestApp,
} from '@lyyp/contracts/system';
import { newId } from '../../lib/ids.ts';
import type { Page, PageRequest } from '../product/catalogue-route.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { AppVersionRepository, AppVersionRow } from './app-version.repository.ts';

type AppVersionInput = Omit<AppVersionAddBody, 'latest'> & { latest: boolean };

function present(row: AppVersionRow): AppVersion {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored link as it may be handed out: http or https only, else none. */
export function openableLink(value: string): string | null {
  return safeUrlOrNull(value.trim(), APP_LINK_RULE);
}

export class AppVersionService {
  constructor(
    private readonly versions: AppVersionRepository,
    private readonly now: () => number,
  ) {}

  async list(keyword: string | undefined, paging: PageRequest): Promise<Page<AppVersion>> {
    const { rows, total } = await this.versions.page(keyword || undefined, paging);
    return { list: rows.map(present), total, ...paging };
  }

  async add(input: AppVersionInput): Promise<AppVersion> {
    const id = newId();
    await this.save(id, input, 'insert');
    return present((await this.versions.find(id))!);
  }

  async edit(id: string, input: AppVersionInput): Promise<AppVersion> {
    if (!(await this.versions.find(id))) throw new CatalogueError('1003');
    await this.save(id, input, 'update');
    return present((await this.versions.find(id))!);
  }

  async setLatest(id: string): Promise<AppVersion> {
    const row = await this.versions.find(id);
    if (!row) throw new CatalogueError('1003');
    await this.versions.save({ ...row, latest: true, updatedAt: new Date(this.now()) }, 'update');
    return present((await this.versions.find(id))!);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.versions.delete(id))) throw new CatalogueError('1003');
  }

  /** The latest version of each app, with only the links that are safe to open. */
  async latest(): Promise<LatestApp[]> {
    return (await this.versions.latest()).map((row) => ({
      name: row.name,
      version: row.version,
      identifier: row.identifier,
      enterprise: row.enterprise,
      description: row.description,
      iosUrl: openableLink(row.iosUrl),
      androidUrl: openableLink(row.androidUrl),
      publishedAt: row.updatedAt.toISOString(),
    }));
  }

  private async save(id: string, input: AppVersionInput, mode: 'insert' | 'update'): Promise<void> {
    const identifier = input.identifier.trim();
    const version = input.version.trim();
    const iosUrl = input.iosUrl?.trim() ?? '';
    const androidUrl = input.androidUrl?.trim() ?? '';
    if (!iosUrl && !androidUrl) throw new CatalogueError('2702', { field: 'iosUrl' });
    const taken = () => new CatalogueError('2701', { version, field: 'version' });
    if (await this.versions.versionTaken(identifier, version, mode === 'update' ? id : undefined))
      throw taken();
    const moment = new Date(this.now());
    await this.versions
      .save(
        {
          id,
          name: input.name.trim(),
          version,
          identifier,
          enterprise: input.enterprise?.trim() ?? '',
          iosUrl,
          androidUrl,
          description: input.description?.trim() ?? '',
          latest: input.latest,
          updatedAt: moment,
          ...(mode === 'insert' ? { createdAt: moment } : {}),
        },
        mode,
      )
      .catch((error: unknown) => {
        // Another request took the number between the check and the write.
        if (databaseCodeOf(error) === '23505') throw taken();
        throw error;
      });
  }
}
