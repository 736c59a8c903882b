/**
 * Session lifecycle: a new random token at every sign-in, idle and absolute expiry, and the codes
 * of §7 when a session is gone — 1010 lost (none, unknown, signed out), 1006 expired, 1206 ended
 * because the account changed (password, disabled, deleted).
 *
 * Every session it ends is announced on the bus (`accountChanged`), so each node closes the live
 * connections of that session at once instead of at their next periodic check.
 */
import { CatalogueError } from '@lyyp/contracts';
import type { AccountChangeReason, Bus } from '../../bus/bus.ts';
import { accountChangeAnnouncer, type AnnounceAccountChange } from './account-change.ts';
import { hashToken, newToken } from '../../lib/ids.ts';
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

  async setCompany(tokenHash: string, companyId: string | null): Promise<void> {
    await this.sessions.setCompany(tokenHash, companyId);
  }
}

const changeReasonOf = (reason: SessionEndReason): AccountChangeReason =>
  reason === 'logout' ? 'signed-out' : reason;
