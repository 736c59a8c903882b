/** Success answers in the §7 envelope. */
import type { Envelope } from '@lyyp/contracts';

export function ok<T>(data: T): Envelope<T> {
  return { code: '200', message: 'success', data };
}
