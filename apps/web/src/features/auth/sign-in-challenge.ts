/**
 * When a form needs the picture check: the platform asks for one with a sign-in (1150) after several
 * failures from the same network, and a wrong or spent picture answer (1114, 1115) asks again.
 */
import { isApiError } from '../../api/index.ts';

/** Answers about the picture check itself, shown under the picture. */
export const CAPTCHA_CODES: ReadonlySet<string> = new Set(['1114', '1115']);
/** The platform wants a solved picture with the sign-in. */
export const CHALLENGE_CODE = '1150';

export function asksForPictureCheck(error: unknown): boolean {
  return isApiError(error) && (error.code === CHALLENGE_CODE || CAPTCHA_CODES.has(error.code));
}
