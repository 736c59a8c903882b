/**
 * What went wrong on the wire, and which catalogue code says so. Modbus exception answers map to
 * the Modbus-style codes (1731-1738) for collection status; a write reply uses the codes of the
 * write failure list of §8 (device fault 1711, busy 1712, data check 1713, address 1721, timeout
 * 1715, out of range 2003) where one fits. Both come from one table.
 */
import type { ErrorCode } from '@lyyp/contracts';

export type FailureCause =
  | { readonly kind: 'exception'; readonly exceptionCode: number }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'connection' }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'unknown' };

export type FailurePurpose = 'read' | 'write';

interface FailureCodes {
  readonly description: string;
  readonly read: ErrorCode;
  readonly write: ErrorCode;
}

/** Modbus exception codes (application protocol v1.1b3, §7). */
export const MODBUS_EXCEPTIONS: Readonly<Record<number, FailureCodes>> = {
  1: { description: 'illegal function', read: '1731', write: '1731' },
  2: { description: 'illegal data address', read: '1732', write: '1721' },
  3: { description: 'illegal data value', read: '1733', write: '2003' },
  4: { description: 'slave device failure', read: '1734', write: '1711' },
  5: { description: 'acknowledge (processing, answer later)', read: '1735', write: '1712' },
  6: { description: 'slave device busy', read: '1735', write: '1712' },
  7: { description: 'negative acknowledge', read: '1734', write: '1711' },
  8: { description: 'memory parity error', read: '1736', write: '1713' },
  10: { description: 'gateway path unavailable', read: '1737', write: '1737' },
  11: { description: 'gateway target device failed to respond', read: '1738', write: '1738' },
};

/** Failures below the Modbus layer. */
export const TRANSPORT_FAILURES: Readonly<Record<Exclude<FailureCause['kind'], 'exception'>, FailureCodes>> =
  {
    timeout: { description: 'no answer within the timeout', read: '1740', write: '1715' },
    connection: { description: 'no connection to the slave', read: '1739', write: '99901' },
    malformed: { description: 'answer failed its CRC or length check', read: '99907', write: '1713' },
    unknown: { description: 'unexpected failure', read: '90099', write: '90099' },
  };

const UNKNOWN_EXCEPTION: FailureCodes = { description: 'unknown exception', read: '90099', write: '90099' };

export function catalogueCodeOf(cause: FailureCause, purpose: FailurePurpose): ErrorCode {
  const codes =
    cause.kind === 'exception'
      ? (MODBUS_EXCEPTIONS[cause.exceptionCode] ?? UNKNOWN_EXCEPTION)
      : TRANSPORT_FAILURES[cause.kind];
  return codes[purpose];
}

/** A failed Modbus request, already classified. */
export class ModbusRequestError extends Error {
  readonly failure: FailureCause;

  constructor(failure: FailureCause, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModbusRequestError';
    this.failure = failure;
  }
}

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTCONN',
  'EADDRNOTAVAIL',
  'ENOENT',
  'EACCES',
]);

/** Classifies what a Modbus client library threw: exception answers, timeouts, lost connections, bad frames. */
export function classifyModbusError(error: unknown): FailureCause {
  if (error instanceof ModbusRequestError) return error.failure;
  if (typeof error !== 'object' || error === null) return { kind: 'unknown' };
  const { modbusCode, errno, code, message } = error as {
    modbusCode?: unknown;
    errno?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof modbusCode === 'number') return { kind: 'exception', exceptionCode: modbusCode };
  const text = typeof message === 'string' ? message : '';
  if (errno === 'ETIMEDOUT' || code === 'ETIMEDOUT' || /timed out/i.test(text)) return { kind: 'timeout' };
  if (/^(CRC error|Data length error|Unexpected data error)/.test(text)) return { kind: 'malformed' };
  const name = typeof errno === 'string' ? errno : typeof code === 'string' ? code : '';
  if (CONNECTION_ERRNOS.has(name) || /port not open|not connected|closed/i.test(text))
    return { kind: 'connection' };
  return { kind: 'unknown' };
}
