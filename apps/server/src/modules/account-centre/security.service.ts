/**
 * The security verification flow (§4: choose a method, verify, set) and password recovery by email
 * and security question (§2). A check by phone code, emailed code, security questions or password
 * opens an identity check for what is about to be set: `resetpwd` for the password and `verifytel`
 * for the phone (both then set through the existing account paths), `email` and `question` here.
 * Every guess (codes, answers, passwords) takes an attempt from the attempt limiter first.
 */
import type { z } from 'zod';
import { CatalogueError } from '@lyyp/contracts';
import {
  SECURITY_QUESTION_KEYS,
  maskAddress,
  type CodeSent,
  type SecurityOverview,
  type SecurityQuestionKey,
  type SecurityTarget,
  type VerifyMethod,
  type securityCheckSchema,
} from '@lyyp/contracts/account-centre';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AccountRepository, AccountRow } from '../account/account.repository.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { VerificationPurpose } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CaptchaService } from '../auth/captcha.service.ts';
import type { SmsCodeService } from '../auth/sms-code.service.ts';
import type { AccountCentreRepository } from './account-centre.repository.ts';

type SecurityCheckBody = z.output<typeof securityCheckSchema>;

export interface SecurityServiceDeps {
  accounts: AccountRepository;
  repository: AccountCentreRepository;
  auth: AuthService;
  captcha: CaptchaService;
  /** Codes texted to the account's phone. */
  smsCodes: SmsCodeService;
  /** Codes emailed (the same service over the email provider). */
  emailCodes: SmsCodeService;
  limiter: AttemptLimiter;
  record: (accountId: string, kind: string, address: string | null, detail?: string) => Promise<void>;
}

/** The identity check each target opens; password and phone continue on the existing paths. */
export const PURPOSE_OF_TARGET: Readonly<Record<SecurityTarget, VerificationPurpose>> = {
  password: 'resetpwd',
  tel: 'verifytel',
  email: 'email',
  question: 'question',
};

/** Answers compare without case, outer spaces or repeated inner spaces. */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

const isQuestionKey = (value: string): value is SecurityQuestionKey =>
  (SECURITY_QUESTION_KEYS as readonly string[]).includes(value);

/** One counter of security-question guesses per account, whichever path or login text guesses. */
const questionAttemptKey = (accountId: string) => `security-question:${accountId}`;

export class SecurityService {
  constructor(private readonly deps: SecurityServiceDeps) {}

  /** Methods in the order the validate step shows its tabs. */
  async methodsOf(account: AccountRow): Promise<VerifyMethod[]> {
    const questions = await this.deps.repository.questionsOf(account.id);
    const methods: VerifyMethod[] = [];
    if (account.tel) methods.push('tel');
    if (account.email) methods.push('email');
    if (questions.length > 0) methods.push('question');
    if (account.passwordHash) methods.push('password');
    return methods;
  }

  async overview(account: AccountRow): Promise<SecurityOverview> {
    const methods = await this.methodsOf(account);
    return {
      tel: account.tel,
      email: account.email,
      hasPassword: Boolean(account.passwordHash),
      questionsSet: methods.includes('question'),
      methods,
    };
  }

  async questionKeys(account: AccountRow): Promise<SecurityQuestionKey[]> {
    const rows = await this.deps.repository.questionsOf(account.id);
    return rows.map((row) => row.question).filter(isQuestionKey);
  }

  async sendCode(account: AccountRow, method: 'tel' | 'email'): Promise<CodeSent> {
    const address = method === 'tel' ? account.tel : account.email;
    if (!address) throw new CatalogueError('2258', { method });
    const codes = method === 'tel' ? this.deps.smsCodes : this.deps.emailCodes;
    const sent = await codes.send(address, 'security');
    return { ...sent, sentTo: maskAddress(address) };
  }

  /** Verifies the person by the chosen method and opens the check for the target; answers its token. */
  async check(account: AccountRow, input: SecurityCheckBody, address: string | null): Promise<string> {
    const methods = await this.methodsOf(account);
    if (!methods.includes(input.method)) throw new CatalogueError('2258', { method: input.method });
    const key =
      input.method === 'question' ? questionAttemptKey(account.id) : `security-${input.method}:${account.id}`;
    const attempt = await this.deps.limiter.reserve([key]);
    // A missing part of the proof is no guess: the attempt goes back.
    const missing = this.missingProof(input);
    if (missing) {
      await attempt.release();
      throw missing;
    }
    switch (input.method) {
      case 'tel':
        await this.deps.smsCodes.consume(account.tel!, 'security', input.code!);
        break;
      case 'email':
        await this.deps.emailCodes.consume(account.email!, 'security', input.code!);
        break;
      case 'question':
        await this.checkAnswers(account.id, input.answers!);
        break;
      case 'password':
        if (!(await verifyPassword(input.password!, account.passwordHash))) throw new CatalogueError('1133');
        break;
    }
    await attempt.clear([key]);
    await this.deps.record(account.id, 'verify', address, input.method);
    return this.deps.auth.openVerification(account.id, PURPOSE_OF_TARGET[input.target]);
  }

  private missingProof(input: SecurityCheckBody): CatalogueError | null {
    if ((input.method === 'tel' || input.method === 'email') && !input.code)
      return new CatalogueError('1104');
    if (input.method === 'question' && !input.answers)
      return new CatalogueError('1001', { field: 'answers' });
    if (input.method === 'password' && !input.password)
      return new CatalogueError('1001', { field: 'password' });
    return null;
  }

  private async checkAnswers(accountId: string, answers: readonly string[]): Promise<void> {
    const rows = await this.deps.repository.questionsOf(accountId);
    if (rows.length === 0) throw new CatalogueError('2255');
    let allRight = rows.length === answers.length;
    // Every answer is compared, so the time taken says nothing about which one was wrong.
    for (const [index, row] of rows.entries()) {
      const right = await verifyPassword(normaliseAnswer(answers[index] ?? ''), row.answerHash);
      allRight &&= right;
    }
    if (!allRight) throw new CatalogueError('2256');
  }

  // Email (after a check for `email`)

  async sendEmailBindCode(account: AccountRow, token: string | undefined, email: string): Promise<CodeSent> {
    await this.deps.auth.peekVerification(token, 'email', account.id);
    await this.checkEmailFree(account, email);
    const sent = await this.deps.emailCodes.send(email.toLowerCase(), 'email-bind');
    return { ...sent, sentTo: maskAddress(email) };
  }

  async submitEmail(
    account: AccountRow,
    token: string | undefined,
    email: string,
    code: string,
    address: string | null,
  ): Promise<void> {
    await this.deps.auth.peekVerification(token, 'email', account.id);
    await this.checkEmailFree(account, email);
    const key = `email-bind:${account.id}`;
    const attempt = await this.deps.limiter.reserve([key]);
    await this.deps.emailCodes.consume(email.toLowerCase(), 'email-bind', code);
    await attempt.clear([key]);
    await this.deps.auth.takeVerification(token, 'email', account.id);
    await this.deps.accounts.update(account.id, { email: email.toLowerCase() });
    await this.deps.record(account.id, 'email', address, maskAddress(email));
  }

  private async checkEmailFree(account: AccountRow, email: string): Promise<void> {
    if (account.email?.toLowerCase() === email.toLowerCase()) throw new CatalogueError('2252');
    const holder = await this.deps.repository.findByEmail(email);
    if (holder && holder.id !== account.id) throw new CatalogueError('2251');
  }

  // Security questions (after a check for `question`)

  async submitQuestions(
    account: AccountRow,
    token: string | undefined,
    questions: ReadonlyArray<{ question: SecurityQuestionKey; answer: string }>,
    address: string | null,
  ): Promise<void> {
    await this.deps.auth.peekVerification(token, 'question', account.id);
    const rows = await Promise.all(
      questions.map(async (item) => ({
        question: item.question,
        answerHash: await hashPassword(normaliseAnswer(item.answer)),
      })),
    );
    await this.deps.auth.takeVerification(token, 'question', account.id);
    await this.deps.repository.replaceQuestions(account.id, rows);
    await this.deps.record(account.id, 'question', address);
  }

  // Password recovery by email and by security question (signed out)

  /**
   * Sends a recovery code by email. An address with no account (or only a disabled one) gets the
   * same answer and countdown but no email, so the path never tells which addresses are registered.
   */
  async sendRecoveryEmail(email: string, ticket: string, randstr: string): Promise<CodeSent> {
    await this.deps.captcha.consumeTicket(ticket, randstr);
    const account = await this.deps.repository.findByEmail(email);
    const sent = await this.deps.emailCodes.send(email.toLowerCase(), 'findpwd-email', {
      deliver: account?.status === 'enabled',
    });
    return { ...sent, sentTo: maskAddress(email) };
  }

  /** An address that was sent no code answers like a wrong code. */
  async checkRecoveryEmail(email: string, code: string): Promise<string> {
    const key = `findpwd-email:${email.toLowerCase()}`;
    const attempt = await this.deps.limiter.reserve([key]);
    await this.deps.emailCodes.consume(email.toLowerCase(), 'findpwd-email', code);
    const account = await this.deps.repository.findByEmail(email);
    if (!account) throw new CatalogueError('1102');
    if (account.status !== 'enabled') throw new CatalogueError('1122');
    await attempt.clear([key]);
    return this.deps.auth.openVerification(account.id, 'findpwd');
  }

  /**
   * The questions of an account to recover (after a picture check). An unknown account and one
   * without questions get the same answer, so this says nothing about which accounts exist.
   */
  async recoveryQuestions(login: string, ticket: string, randstr: string): Promise<SecurityQuestionKey[]> {
    await this.deps.captcha.consumeTicket(ticket, randstr);
    const account = await this.deps.accounts.findByLogin(login);
    const keys = account && account.status === 'enabled' ? await this.questionKeys(account) : [];
    if (keys.length === 0) throw new CatalogueError('2255');
    return keys;
  }

  /**
   * Guesses are counted per account, together with the signed-in check by questions: naming the
   * account by username and by phone gives no second set of guesses.
   */
  async checkRecoveryQuestions(login: string, answers: readonly string[]): Promise<string> {
    const account = await this.deps.accounts.findByLogin(login);
    if (!account || account.status !== 'enabled') throw new CatalogueError('2255');
    const key = questionAttemptKey(account.id);
    const attempt = await this.deps.limiter.reserve([key]);
    await this.checkAnswers(account.id, answers);
    await attempt.clear([key]);
    return this.deps.auth.openVerification(account.id, 'findpwd');
  }
}
