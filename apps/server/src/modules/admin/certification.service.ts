/**
 * Enterprise certification (§6): a personal account applies with company name, licence number,
 * address and contact; operation staff approve or reject with a reason; approval makes the account
 * an enterprise account with its company. The applicant sees the status and the reason.
 */
import { CatalogueError } from '@lyyp/contracts';
import type {
  certificationApplyBodySchema,
  certificationDecideBodySchema,
  certificationListBodySchema,
} from '@lyyp/contracts/admin';
import type { z } from 'zod';
import { databaseCodeOf } from '../../db/database-error.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { announceNothing, type AnnounceAccountChange } from '../session/account-change.ts';
import type { AdminRepository } from './admin.repository.ts';
import { auditEntry, type AdminCaller } from './admin-caller.ts';
import { presentCertification } from './admin-presenter.ts';

/** PostgreSQL's unique violation: another request of the same account won the race. */
function isUniqueViolation(error: unknown): boolean {
  return databaseCodeOf(error) === '23505';
}

export class CertificationService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly accounts: AccountRepository,
    private readonly now: () => number,
    private readonly announce: AnnounceAccountChange = announceNothing,
  ) {}

  async mine(caller: AdminCaller) {
    const account = (await this.accounts.findById(caller.account.id)) ?? caller.account;
    const latest = await this.repository.latestCertificationOf(account.id);
    return {
      accountType: account.accountType,
      company: account.company,
      latest: latest ? presentCertification(latest, account) : null,
    };
  }

  async apply(caller: AdminCaller, input: z.output<typeof certificationApplyBodySchema>) {
    const account = (await this.accounts.findById(caller.account.id)) ?? caller.account;
    if (account.accountType === 'enterprise') throw new CatalogueError('2221');
    if (await this.repository.pendingCertificationOf(account.id)) throw new CatalogueError('2217');
    const at = new Date(this.now());
    try {
      await this.repository.insertCertification(
        { id: newId(), accountId: account.id, ...input, status: 'pending', submittedAt: at },
        auditEntry(caller, 'certification.apply', account.id, at, { company: input.company }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new CatalogueError('2217');
      throw error;
    }
    return this.mine(caller);
  }

  async list(query: z.output<typeof certificationListBodySchema>) {
    const { rows, total } = await this.repository.listCertifications({
      status: query.status,
      keyword: query.keyword || undefined,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      list: rows.map((row) => presentCertification(row.request, row.account)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async decide(caller: AdminCaller, input: z.output<typeof certificationDecideBodySchema>) {
    const found = await this.repository.findCertification(input.id);
    if (!found || found.account.status === 'deleted') throw new CatalogueError('2218');
    if (found.request.status !== 'pending') throw new CatalogueError('2219');
    const approve = input.decision === 'approve';
    const at = new Date(this.now());
    const decided = await this.repository.decideCertification({
      request: found.request,
      status: approve ? 'approved' : 'rejected',
      reason: approve ? (input.reason ?? null) : (input.reason ?? ''),
      deciderId: caller.account.id,
      at,
      entry: auditEntry(
        caller,
        approve ? 'certification.approve' : 'certification.reject',
        found.account.id,
        at,
        {
          requestId: found.request.id,
          company: found.request.company,
          reason: input.reason ?? null,
        },
      ),
    });
    if (!decided) throw new CatalogueError('2219');
    if (approve) this.announce([found.account.id], 'certification');
    const after = await this.repository.findCertification(input.id);
    return presentCertification(after!.request, after!.account);
  }
}
