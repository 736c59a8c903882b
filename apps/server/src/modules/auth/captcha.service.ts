/**
 * Self-hosted picture captcha. Solving it yields a single-use ticket (with its randstr) that the
 * SMS endpoints require, so codes are only sent when a person asked (§7 sendSmsCode).
 */
import type { FastifyBaseLogger } from 'fastify';
import svgCaptcha from 'svg-captcha';
import {
  CAPTCHA_TICKET_TTL_MS,
  CAPTCHA_TTL_MS,
  CatalogueError,
  type CaptchaAnswer,
  type CaptchaTicket,
} from '@lyyp/contracts';
import { hashToken, newToken } from '../../lib/ids.ts';
import type { AuthRepository } from './auth.repository.ts';

export class CaptchaService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly now: () => number,
    private readonly logger: FastifyBaseLogger,
    private readonly logAnswers: boolean,
  ) {}

  async create(): Promise<CaptchaAnswer> {
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1ilI',
      color: true,
      background: '#f4f6fb',
    });
    const randstr = newToken();
    const answer = captcha.text.toLowerCase();
    await this.repository.insertCaptcha({
      randstr,
      answerHash: hashToken(answer),
      expiresAt: new Date(this.now() + CAPTCHA_TTL_MS),
    });
    // Only for automated browser tests on a development machine; refused in production by config.
    if (this.logAnswers) this.logger.info({ randstr, answer }, 'captcha answer');
    return {
      randstr,
      image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
      expiresInMs: CAPTCHA_TTL_MS,
    };
  }

  /** One try per picture: a wrong answer discards it and the person asks for a new one. */
  async verify(randstr: string, answer: string): Promise<CaptchaTicket> {
    const captcha = await this.repository.findCaptcha(randstr);
    const now = this.now();
    if (!captcha || captcha.ticketHash || captcha.expiresAt.getTime() < now) throw new CatalogueError('1114');
    if (captcha.answerHash !== hashToken(answer.trim().toLowerCase())) {
      await this.repository.deleteCaptcha(randstr);
      throw new CatalogueError('1115');
    }
    const ticket = newToken();
    await this.repository.setCaptchaTicket(randstr, hashToken(ticket), new Date(now + CAPTCHA_TICKET_TTL_MS));
    return { ticket, randstr };
  }

  async consumeTicket(ticket: string, randstr: string): Promise<void> {
    const consumed = await this.repository.consumeTicket(randstr, hashToken(ticket), new Date(this.now()));
    if (!consumed) throw new CatalogueError('1114');
  }
}
