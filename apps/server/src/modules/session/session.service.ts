/**
 * Session lifecycle: a new random token at every sign-in, idle and absolute expiry, and the codes
 * of §7 when a session is gone — 1010 lost (none, unknown, signed out), 1006 expired, 1206 ended
 * because the account changed (password, disabled, deleted) or the account ended it from another
 * session.
 *
 * Every session it ends is announced on the bus (`accountChanged`), so each node closes the live
 * connections of that session at once instead of at their next periodic check.
 */
import { CatalogueError } from '@lyyp/contracts';
import type { AccountChangeReason, Bus } from '../../bus/bus.ts';
import { accountChangeAnnouncer, type AnnounceAccountChange } from './account-change.ts';
import { createHash } from 'node:crypto';
import type { AccountSession } from '@lyyp/contracts/account-centre';
import { hashToken, newToken } from '../../lib/ids.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { AccountRepository, AccountRow } from '../account/account.repository.ts';
import type { SessionEndReason, SessionRepository, SessionRow } from './session.repository.ts';

export interface SessionPolicy {
  idleMs: number;
  maxAgeMs: number;
}

export interface ActiveSession {
  tokenHash: string;
  session: SessionRow;
  account: AccountRow;
}

/** Reads the permission codes an account holds now (its role's); without one, the stored codes apply. */
export interface PermissionSource {
  current(account: AccountRow): Promise<AccountRow>;
}

// Writing last-seen on every request would turn every read into a write; a minute is precise enough.
const TOUCH_INTERVAL_MS = 60_000;

export class SessionService {
  private readonly announce: AnnounceAccountChange;

  constructor(
    private readonly sessions: SessionRepository,
    private readonly accounts: AccountRepository,
    private readonly policy: SessionPolicy,
    private readonly now: () => number,
    private readonly permissions?: PermissionSource,
    bus?: Pick<Bus, 'publish'>,
  ) {
    this.announce = accountChangeAnnouncer(bus);
  }

  /**
   * Tells every node that these accounts' sessions or rights changed: their open live connections
   * are checked again at once (closed when the session ended, re-authorised otherwise).
   */
  announceChange(accountIds: readonly string[], reason: AccountChangeReason): void {
    this.announce(accountIds, reason);
  }

  /** The account with the permission codes it holds now (sessions never keep a copy). */
  async withCurrentPermissions(account: AccountRow): Promise<AccountRow> {
    return this.permissions ? this.permissions.current(account) : account;
  }

  async start(account: AccountRow, meta: { address?: string; userAgent?: string }): Promise<string> {
    const token = newToken();
    const now = this.now();
    await this.sessions.insert({
      tokenHash: hashToken(token),
      accountId: account.id,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + this.policy.maxAgeMs),
      address: meta.address ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return token;
  }

  async resolve(token: string | undefined): Promise<ActiveSession> {
    if (!token) throw new CatalogueError('1010');
    const tokenHash = hashToken(token);
    const session = await this.sessions.find(tokenHash);
    if (!session) throw new CatalogueError('1010');
    if (session.endedAt) throw new CatalogueError(session.endReason === 'logout' ? '1010' : '1206');
    const now = this.now();
    if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + this.policy.idleMs <= now) {
      throw new CatalogueError('1006');
    }
    const account = await this.accounts.findById(session.accountId);
    if (!account || account.status !== 'enabled') {
      const reason: SessionEndReason = account?.status === 'disabled' ? 'disabled' : 'deleted';
      await this.sessions.end(tokenHash, reason, new Date(now));
      this.announceChange([session.accountId], reason);
      throw new CatalogueError('1206');
    }
    if (now - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS)
      await this.sessions.touch(tokenHash, new Date(now));
    return { tokenHash, session, account: await this.withCurrentPermissions(account) };
  }

  async end(tokenHash: string, reason: SessionEndReason): Promise<void> {
    const accountId = await this.sessions.end(tokenHash, reason, new Date(this.now()));
    if (accountId) this.announceChange([accountId], changeReasonOf(reason));
  }

  async endAllOf(accountId: string, reason: SessionEndReason, exceptTokenHash?: string): Promise<void> {
    await this.sessions.endAllOf(accountId, reason, new Date(this.now()), exceptTokenHash);
    this.announceChange([accountId], changeReasonOf(reason));
  }

  /** The account's open sessions (not ended, not expired), newest first, `current` marked. */
  async listOf(accountId: string, currentTokenHash: string): Promise<AccountSession[]> {
    const now = this.now();
    const rows = await this.sessions.openOf(accountId, new Date(now));
    return rows
      .filter((row) => row.lastSeenAt.getTime() + this.policy.idleMs > now)
      .map((row) => ({
        id: publicSessionId(row.tokenHash),
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        address: row.address,
        device: describeUserAgent(row.userAgent),
        current: row.tokenHash === currentTokenHash,
      }));
  }

  /**
   * Ends one of the account's own sessions by its public id (1003 when it has none such); ending
   * the current one signs out (answers `current`). Its next request answers 1206, its live
   * connections close.
   */
  async endOwn(accountId: string, id: string, currentTokenHash: string): Promise<{ current: boolean }> {
    const rows = await this.sessions.openOf(accountId, new Date(this.now()));
    const row = rows.find((candidate) => publicSessionId(candidate.tokenHash) === id);
    if (!row) throw new CatalogueError('1003');
    const current = row.tokenHash === currentTokenHash;
    await this.end(row.tokenHash, current ? 'logout' : 'revoked');
    return { current };
  }

  /** Ends every other open session of the account; answers how many. */
  async endOthers(accountId: string, currentTokenHash: string): Promise<number> {
    const now = new Date(this.now());
    const others = (await this.sessions.openOf(accountId, now)).filter(
      (row) => row.tokenHash !== currentTokenHash,
    );
    if (others.length === 0) return 0;
    await this.sessions.endAllOf(accountId, 'revoked', now, currentTokenHash);
    this.announceChange([accountId], 'revoked');
    return others.length;
  }

  async setCompany(tokenHash: string, companyId: string | null): Promise<void> {
    await this.sessions.setCompany(tokenHash, companyId);
  }
}

const changeReasonOf = (reason: SessionEndReason): AccountChangeReason =>
  reason === 'logout' ? 'signed-out' : reason;

/** The id a session is known by in answers: derived from the token's hash, never the token. */
function publicSessionId(tokenHash: string): string {
  return createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 32);
}
