/**
 * The account centre: `createAccountCentreModule` builds its services over one database; its
 * `recordSecurityChange` is handed to the sign-in service (password and phone changes made on the
 * existing account paths land in the operation log), and `registerRoutes` adds its paths inside the
 * API prefix.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CaptchaService } from '../auth/captcha.service.ts';
import { SmsCodeService } from '../auth/sms-code.service.ts';
import type { SmsProvider } from '../auth/sms.provider.ts';
import type { FileService } from '../files/index.ts';
import { AccountCentreRepository } from './account-centre.repository.ts';
import { registerAccountCentreRoutes } from './account-centre.routes.ts';
import { AccountCentreService } from './account-centre.service.ts';
import { EmailCodeSender, createEmailProvider, type EmailProvider } from './email.provider.ts';
import { SecurityService } from './security.service.ts';

export interface AccountCentreDeps {
  db: Database;
  config: Config;
  accounts: AccountRepository;
  authRepository: AuthRepository;
  sms: SmsProvider;
  /** Replaces the configured email provider (tests read the codes from it). */
  email?: EmailProvider;
  logger: FastifyBaseLogger;
  now: () => number;
}

export function createAccountCentreModule(deps: AccountCentreDeps) {
  const repository = new AccountCentreRepository(deps.db);
  const email = deps.email ?? createEmailProvider(deps.config.email, deps.logger);
  const record = async (accountId: string, kind: string, address: string | null, detail?: string) => {
    await repository.recordEvent({
      id: newId(),
      at: new Date(deps.now()),
      accountId,
      kind,
      address,
      detail: detail ? { detail } : null,
    });
  };
  const centre = new AccountCentreService({ accounts: deps.accounts, repository, record, now: deps.now });

  return {
    centre,
    email,
    /** For the sign-in service: a password or phone change of an account. */
    recordSecurityChange: (accountId: string, kind: 'password' | 'tel') => record(accountId, kind, null),
    registerRoutes(
      api: FastifyInstance,
      wiring: { auth: AuthService; captcha: CaptchaService; files: FileService },
    ): void {
      const security = new SecurityService({
        accounts: deps.accounts,
        repository,
        auth: wiring.auth,
        captcha: wiring.captcha,
        smsCodes: new SmsCodeService(deps.authRepository, deps.sms, deps.now),
        emailCodes: new SmsCodeService(deps.authRepository, new EmailCodeSender(email), deps.now),
        limiter: new AttemptLimiter(deps.authRepository, deps.now),
        record,
      });
      registerAccountCentreRoutes(api, {
        auth: wiring.auth,
        security,
        centre,
        files: wiring.files,
        secureCookie: deps.config.session.secureCookie,
      });
    },
  };
}

export type AccountCentreModule = ReturnType<typeof createAccountCentreModule>;
export type { EmailMessage, EmailProvider } from './email.provider.ts';
