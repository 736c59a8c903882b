/**
 * SMS verification codes (§9): 6 digits, single use, valid 10 minutes, a resend countdown the
 * server enforces too, and a daily cap per phone. A code can be guessed five times at most.
 */
import {
  CatalogueError,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT_PER_PHONE,
  SMS_RESEND_INTERVAL_MS,
  type SmsSent,
} from '@lyyp/contracts';
import { hashToken, newId, newNumericCode } from '../../lib/ids.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { SmsProvider } from './sms.provider.ts';

const MAX_WRONG_GUESSES = 5;
const DAY_MS = 86_400_000;

/** `security`, `email-bind` and `findpwd-email` are the account centre's codes (the last two go by email). */
export type SmsCodePurpose =
  | 'login'
  | 'register'
  | 'findpwd'
  | 'resetpwd'
  | 'verifytel'
  | 'resettel'
  | 'security'
  | 'email-bind'
  | 'findpwd-email';

export class SmsCodeService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly provider: SmsProvider,
    private readonly now: () => number,
  ) {}

  /**
   * Sends a new code. The resend countdown is reserved before anything else, in one conditional
   * statement on an attempt counter (limit 1 per countdown), so parallel requests on any node send
   * one SMS; a send that does not happen (daily cap, provider down) gives the countdown back.
   *
   * With `deliver: false` the countdown is reserved and the answer is the same, but nothing is sent
   * or stored: password recovery for a phone with no account (or a disabled one) answers exactly as
   * for a known phone, so the path tells nobody which numbers have accounts.
   */
  async send(tel: string, purpose: SmsCodePurpose, { deliver = true } = {}): Promise<SmsSent> {
    const now = this.now();
    const countdownKey = `sms-countdown:${purpose}:${tel}`;
    const countdown = await this.repository.reserveAttempt(
      countdownKey,
      new Date(now),
      SMS_RESEND_INTERVAL_MS,
      1,
    );
    if (!countdown) {
      const counter = await this.repository.readCounter(countdownKey);
      const waitMs = (counter?.windowStart.getTime() ?? now) + SMS_RESEND_INTERVAL_MS - now;
      throw new CatalogueError('1126', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    }
    const giveBack = () => this.repository.releaseAttempt(countdownKey, countdown.windowStart);
    if (!deliver) return { resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000 };
    if ((await this.repository.countSmsSince(tel, new Date(now - DAY_MS))) >= SMS_DAILY_LIMIT_PER_PHONE) {
      await giveBack();
      throw new CatalogueError('1127');
    }
    const code = newNumericCode(SMS_CODE_LENGTH);
    try {
      await this.provider.send({ tel, code, purpose, validMinutes: SMS_CODE_TTL_MS / 60_000 });
    } catch (error) {
      await giveBack();
      throw error instanceof CatalogueError ? error : new CatalogueError('1111', undefined, { cause: error });
    }
    await this.repository.insertSmsCode({
      id: newId(),
      tel,
      purpose,
      codeHash: hashToken(`${tel}:${code}`),
      createdAt: new Date(now),
      expiresAt: new Date(now + SMS_CODE_TTL_MS),
    });
    return { resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000 };
  }

  /** Checks and uses the latest code for the phone: wrong → 1102, expired or used → 1103. */
  async consume(tel: string, purpose: SmsCodePurpose, code: string): Promise<void> {
    if (!code.trim()) throw new CatalogueError('1104');
    const latest = await this.repository.latestSmsCode(tel, purpose);
    const now = this.now();
    if (!latest) throw new CatalogueError('1102');
    if (latest.usedAt || latest.expiresAt.getTime() <= now || latest.failedAttempts >= MAX_WRONG_GUESSES) {
      throw new CatalogueError('1103');
    }
    // The guess is counted before the comparison, so parallel guesses cannot exceed the limit.
    if (!(await this.repository.reserveSmsGuess(latest.id, MAX_WRONG_GUESSES)))
      throw new CatalogueError('1103');
    if (latest.codeHash !== hashToken(`${tel}:${code.trim()}`)) throw new CatalogueError('1102');
    if (!(await this.repository.useSmsCode(latest.id, new Date(now)))) throw new CatalogueError('1103');
  }
}
