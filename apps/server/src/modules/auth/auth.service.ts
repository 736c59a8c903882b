/**
 * Sign-in and account security: registration, password and SMS sign-in, first-time completion,
 * password recovery and reset, phone change. Routes stay thin; every rule is decided here.
 */
import type { AcceptedVersions, AgreementAcceptance } from '../system-catalogue/agreement.service.ts';
import {
  ALL_PERMISSION_CODES,
  CatalogueError,
  DEFAULT_PERMISSIONS,
  IDENTITY_CHECK_TTL_MS,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ADDRESS_FREE_FAILURES,
  LOGIN_ADDRESS_MAX_FAILURES,
  type AccountInfo,
  type AccountKind,
  type AccountType,
  type CompanyChoice,
  type SmsSent,
} from '@lyyp/contracts';
import { hashToken, newId, newToken } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AccountRepository, AccountRow } from '../account/account.repository.ts';
import type { SessionService } from '../session/session.service.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import type { AuthRepository, VerificationPurpose } from './auth.repository.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { LoginKeyService } from './login-key.service.ts';
import type { SmsCodeService } from './sms-code.service.ts';

export interface AuthServiceDeps {
  accounts: AccountRepository;
  repository: AuthRepository;
  sessions: SessionService;
  captcha: CaptchaService;
  smsCodes: SmsCodeService;
  loginKey: LoginKeyService;
  limiter: AttemptLimiter;
  now: () => number;
  /** Told of each password or phone change, for the account's operation log. */
  onSecurityChange?: (accountId: string, kind: 'password' | 'tel') => Promise<void>;
  /** The published user agreement and privacy policy a registration must accept (system module). */
  agreements?: AgreementAcceptance;
}

/** A solved picture check, sent with a sign-in once the platform asked for one (1150). */
export interface SignInProof {
  ticket?: string | undefined;
  randstr?: string | undefined;
}

export interface RegisterInput {
  accountKind: 'terminal' | 'developer';
  accountType: AccountType;
  tel: string;
  smsCode: string;
  username: string;
  password: string;
  name?: string | undefined;
  company?: string | undefined;
  /** The agreement and privacy versions accepted (ids of the current texts). */
  agreementId?: string | undefined;
  privacyId?: string | undefined;
}

/**
 * An account's sign-in failures are counted but never lock it (a stranger could lock anyone out):
 * past `LOGIN_ACCOUNT_FREE_FAILURES` they only require the picture check. The counter's limit is
 * the largest its column holds.
 */
const NEVER_LOCKED = 2_147_483_647;

/** Registration and completion make personal accounts: enterprise comes only through certification. */
function refuseEnterprise(accountType: AccountType): void {
  if (accountType === 'enterprise') throw new CatalogueError('1160', { field: 'accountType' });
}

function defaultAuths(kind: AccountKind): string {
  return DEFAULT_PERMISSIONS[kind].join(',');
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /** What `/account/info` answers for an account in a session. */
  async describe(account: AccountRow, companyId: string | null): Promise<AccountInfo> {
    const companies = await this.deps.accounts.companiesOf(account.id);
    const current = companies.find((company) => company.id === companyId) ?? companies[0];
    return {
      id: account.id,
      username: account.username,
      tel: account.tel,
      name: account.name,
      email: account.email,
      roleType: account.roleType,
      accountKind: account.accountKind,
      accountType: account.accountType,
      status: account.status,
      company: current?.name ?? account.company,
      companyId: current?.id ?? null,
      needsCompletion: account.needsCompletion,
      mustChangePassword: account.mustChangePassword,
      isSuperManager: account.isSuperManager,
      auths: account.isSuperManager ? ALL_PERMISSION_CODES.join(',') : account.auths,
      theme: account.theme,
    };
  }

  /**
   * Creates the super manager on the first start. With `resetPassword` (ADMIN_PASSWORD is set) an
   * existing super manager's password is brought in line with it, which is how operators recover it.
   */
  async ensureSuperManager(
    username: string,
    password: string,
    resetPassword: boolean,
  ): Promise<{ created: boolean; username: string }> {
    const existing = await this.deps.accounts.findSuperManager();
    if (existing) {
      if (resetPassword && !(await verifyPassword(password, existing.passwordHash))) {
        await this.setPassword(existing.id, password);
        await this.deps.sessions.endAllOf(existing.id, 'password');
      }
      return { created: false, username: existing.username ?? username };
    }
    await this.deps.accounts.insert({
      id: newId(),
      username,
      name: username,
      passwordHash: await hashPassword(password),
      roleType: 'admin',
      accountKind: 'operation',
      auths: ALL_PERMISSION_CODES.join(','),
      isSuperManager: true,
    });
    return { created: true, username };
  }

  async sendLoginOrRegisterCode(
    tel: string,
    purpose: 'login' | 'register',
    ticket: string,
    randstr: string,
  ): Promise<SmsSent> {
    await this.deps.captcha.consumeTicket(ticket, randstr);
    const account = await this.deps.accounts.findByTel(tel);
    if (purpose === 'register' && account) throw new CatalogueError('1108');
    if (purpose === 'login' && account?.status === 'disabled') throw new CatalogueError('1110');
    return this.deps.smsCodes.send(tel, purpose);
  }

  async register(input: RegisterInput): Promise<AccountRow> {
    refuseEnterprise(input.accountType);
    if (await this.deps.accounts.findByTel(input.tel)) throw new CatalogueError('1108');
    if (await this.deps.accounts.usernameTaken(input.username)) throw new CatalogueError('1107');
    // Checked before the SMS code is used up: an outdated agreement is answered with nothing spent.
    const accepted = (await this.deps.agreements?.requireCurrent(input)) ?? [];
    await this.deps.smsCodes.consume(input.tel, 'register', input.smsCode);
    const account = await this.deps.accounts.insert({
      id: newId(),
      username: input.username.trim(),
      tel: input.tel,
      name: input.name?.trim() || input.username.trim(),
      passwordHash: await hashPassword(input.password),
      roleType: 'company',
      accountKind: input.accountKind,
      accountType: 'personal',
      company: null,
      auths: defaultAuths(input.accountKind),
    });
    await this.deps.agreements?.record(account.id, accepted);
    return account;
  }

  /** Password sign-in with both fields sealed by the browser. */
  async loginWithPassword(
    keyId: string,
    sealedAccount: string,
    sealedPassword: string,
    address: string,
    proof?: SignInProof,
  ): Promise<AccountRow> {
    const login = (await this.deps.loginKey.open(keyId, sealedAccount)).trim();
    const password = await this.deps.loginKey.open(keyId, sealedPassword);
    if (!login) throw new CatalogueError('1105');
    const account = await this.deps.accounts.findByLogin(login);
    // Counted per account, whichever login text (username or phone) names it.
    const accountKey = account
      ? `login:account:${account.id}`
      : `login:account:unknown:${login.toLowerCase()}`;
    const attempt = await this.reserveSignIn(accountKey, address, proof);
    const matches = await verifyPassword(password, account?.passwordHash);
    // A wrong guess keeps its reserved attempts: they are the failure count.
    if (!account || !matches) throw new CatalogueError('1101');
    await attempt.passed();
    if (account.status === 'disabled') throw new CatalogueError('1122');
    return account;
  }

  /** SMS sign-in; an unknown phone gets a new end-user account that must be completed first. */
  async loginWithSms(tel: string, code: string, address: string, proof?: SignInProof): Promise<AccountRow> {
    const attempt = await this.reserveSignIn(`sms:${tel}`, address, proof);
    await this.deps.smsCodes.consume(tel, 'login', code);
    await attempt.passed();
    const existing = await this.deps.accounts.findByTel(tel);
    if (existing?.status === 'disabled') throw new CatalogueError('1110');
    if (existing) return existing;
    return this.deps.accounts.insert({
      id: newId(),
      tel,
      roleType: 'company',
      accountKind: 'terminal',
      auths: defaultAuths('terminal'),
      needsCompletion: true,
    });
  }

  /**
   * Reserves a sign-in attempt for the account and for the address. A few failures on either make
   * every further try need a solved picture check; the account is never locked (the right password
   * keeps working for its owner), only the address is, as a last resort, after many failures.
   * `passed` clears the account's counter and gives the address its attempt back.
   */
  private async reserveSignIn(accountKey: string, address: string, proof: SignInProof | undefined) {
    const addressKey = `login:address:${address}`;
    const reservation = await this.deps.limiter.reserve([
      { key: addressKey, limit: LOGIN_ADDRESS_MAX_FAILURES },
      { key: accountKey, limit: NEVER_LOCKED },
    ]);
    if (
      reservation.countOf(addressKey) > LOGIN_ADDRESS_FREE_FAILURES ||
      reservation.countOf(accountKey) > LOGIN_ACCOUNT_FREE_FAILURES
    ) {
      try {
        if (!proof?.ticket || !proof.randstr) throw new CatalogueError('1150');
        await this.deps.captcha.consumeTicket(proof.ticket, proof.randstr);
      } catch (error) {
        await reservation.release();
        throw error;
      }
    }
    return {
      passed: async () => {
        await reservation.clear([accountKey]);
        await reservation.release([addressKey]);
      },
    };
  }

  async complete(
    account: AccountRow,
    input: { username: string; password: string; accountType: AccountType } & AcceptedVersions,
  ): Promise<AccountRow> {
    if (!account.needsCompletion) throw new CatalogueError('1136');
    refuseEnterprise(input.accountType);
    if (await this.deps.accounts.usernameTaken(input.username, account.id)) throw new CatalogueError('1107');
    // An account an SMS sign-in created agrees here, as a registration does.
    const accepted = (await this.deps.agreements?.requireCurrent(input)) ?? [];
    const updated = await this.deps.accounts.update(account.id, {
      username: input.username.trim(),
      name: account.name ?? input.username.trim(),
      passwordHash: await hashPassword(input.password),
      accountType: 'personal',
      needsCompletion: false,
    });
    if (!updated) throw new CatalogueError('1003');
    await this.deps.agreements?.record(account.id, accepted);
    return updated;
  }

  async companiesFor(account: AccountRow, currentId: string | null): Promise<CompanyChoice[]> {
    const companies = await this.deps.accounts.companiesOf(account.id);
    const current = currentId ?? companies[0]?.id;
    return companies.map((company) => ({
      id: company.id,
      name: company.name,
      current: company.id === current,
    }));
  }

  async changeCompany(account: AccountRow, tokenHash: string, companyId: string): Promise<void> {
    const companies = await this.deps.accounts.companiesOf(account.id);
    if (!companies.some((company) => company.id === companyId)) throw new CatalogueError('1003');
    await this.deps.sessions.setCompany(tokenHash, companyId);
  }

  // Password recovery (signed out)
  /**
   * Sends a recovery code. A phone with no account, or only a disabled one, gets the same answer
   * (and the same countdown) but no SMS: the path never tells whether a number is registered.
   */
  async sendRecoveryCode(tel: string, ticket: string, randstr: string): Promise<SmsSent> {
    await this.deps.captcha.consumeTicket(ticket, randstr);
    const account = await this.deps.accounts.findByTel(tel);
    return this.deps.smsCodes.send(tel, 'findpwd', { deliver: account?.status === 'enabled' });
  }

  /**
   * Checks the recovery code and opens an identity check; answers its token for the cookie. A phone
   * that was sent no code answers like a wrong code (1102).
   */
  async checkRecoveryCode(tel: string, code: string): Promise<string> {
    await this.deps.smsCodes.consume(tel, 'findpwd', code);
    const account = await this.deps.accounts.findByTel(tel);
    if (!account) throw new CatalogueError('1102');
    if (account.status !== 'enabled') throw new CatalogueError('1110');
    return this.openVerification(account.id, 'findpwd');
  }

  async submitRecoveredPassword(token: string | undefined, password: string): Promise<void> {
    const verification = await this.takeVerification(token, 'findpwd');
    await this.setPassword(verification.accountId, password);
    await this.deps.sessions.endAllOf(verification.accountId, 'password');
    await this.deps.onSecurityChange?.(verification.accountId, 'password');
  }

  // Password reset and phone change (signed in)
  async sendOwnPhoneCode(account: AccountRow, purpose: 'resetpwd' | 'verifytel'): Promise<SmsSent> {
    if (!account.tel) throw new CatalogueError('1109');
    return this.deps.smsCodes.send(account.tel, purpose);
  }

  async checkOwnPhoneCode(
    account: AccountRow,
    purpose: 'resetpwd' | 'verifytel',
    code: string,
  ): Promise<string> {
    if (!account.tel) throw new CatalogueError('1109');
    await this.deps.smsCodes.consume(account.tel, purpose, code);
    return this.openVerification(account.id, purpose);
  }

  async submitResetPassword(
    account: AccountRow,
    token: string | undefined,
    password: string,
    keepTokenHash: string,
  ) {
    const verification = await this.takeVerification(token, 'resetpwd', account.id);
    await this.setPassword(verification.accountId, password);
    await this.deps.sessions.endAllOf(account.id, 'password', keepTokenHash);
    await this.deps.onSecurityChange?.(account.id, 'password');
  }

  async sendNewPhoneCode(account: AccountRow, token: string | undefined, tel: string): Promise<SmsSent> {
    await this.peekVerification(token, 'verifytel', account.id);
    if (account.tel === tel) throw new CatalogueError('1134');
    if (await this.deps.accounts.findByTel(tel)) throw new CatalogueError('1108');
    return this.deps.smsCodes.send(tel, 'resettel');
  }

  async submitNewPhone(
    account: AccountRow,
    token: string | undefined,
    tel: string,
    code: string,
  ): Promise<void> {
    await this.peekVerification(token, 'verifytel', account.id);
    if (await this.deps.accounts.findByTel(tel)) throw new CatalogueError('1108');
    await this.deps.smsCodes.consume(tel, 'resettel', code);
    await this.takeVerification(token, 'verifytel', account.id);
    await this.deps.accounts.update(account.id, { tel });
    await this.deps.onSecurityChange?.(account.id, 'tel');
  }

  /**
   * The person's own password in place of the one-time password staff gave; the same text again is
   * 1172, and an account that holds no one-time password has nothing to replace (1002).
   */
  async replaceOneTimePassword(account: AccountRow, password: string): Promise<AccountRow> {
    if (!account.mustChangePassword) throw new CatalogueError('1002', { field: 'password' });
    if (await verifyPassword(password, account.passwordHash))
      throw new CatalogueError('1172', { field: 'password' });
    const updated = await this.deps.accounts.update(account.id, {
      passwordHash: await hashPassword(password),
      mustChangePassword: false,
    });
    await this.deps.onSecurityChange?.(account.id, 'password');
    return { ...account, ...updated, auths: account.auths };
  }

  private async setPassword(accountId: string, password: string): Promise<void> {
    await this.deps.accounts.update(accountId, { passwordHash: await hashPassword(password) });
  }

  /** Opens an identity check for a purpose; answers its token for the verification cookie. */
  async openVerification(accountId: string, purpose: VerificationPurpose): Promise<string> {
    const token = newToken();
    await this.deps.repository.insertVerification({
      tokenHash: hashToken(token),
      accountId,
      purpose,
      expiresAt: new Date(this.deps.now() + IDENTITY_CHECK_TTL_MS),
    });
    return token;
  }

  /**
   * The identity check a step of password recovery, reset or phone change continues. Routes run it
   * before the body is read: without a check in progress a caller learns nothing about the body.
   */
  async requireVerification(
    token: string | undefined,
    purpose: VerificationPurpose,
    accountId?: string,
  ): Promise<void> {
    await this.peekVerification(token, purpose, accountId);
  }

  async peekVerification(token: string | undefined, purpose: VerificationPurpose, accountId?: string) {
    if (!token) throw new CatalogueError('1125');
    const verification = await this.deps.repository.findVerification(hashToken(token));
    if (
      !verification ||
      verification.purpose !== purpose ||
      (accountId && verification.accountId !== accountId)
    ) {
      throw new CatalogueError('1125');
    }
    if (verification.usedAt || verification.expiresAt.getTime() <= this.deps.now())
      throw new CatalogueError('1124');
    return verification;
  }

  async takeVerification(token: string | undefined, purpose: VerificationPurpose, accountId?: string) {
    const verification = await this.peekVerification(token, purpose, accountId);
    if (!(await this.deps.repository.useVerification(verification.tokenHash, new Date(this.deps.now())))) {
      throw new CatalogueError('1124');
    }
    return verification;
  }
}
