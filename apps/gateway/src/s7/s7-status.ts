/**
 * Why an S7 read or write failed, as the platform's catalogue codes (§8), so the person reads what
 * to change (PUT/GET, optimised block access, the address, rack and slot) rather than a hex code.
 */
import type { ErrorCode } from '@lyyp/contracts';
import { RETURN_OK } from './s7-pdu.ts';

/** Item return codes of a read or write answer (S7comm "return code" per item). */
const RETURN_CODES: Readonly<Record<number, ErrorCode>> = {
  0x01: '1757', // hardware fault
  0x03: '1751', // access to the object not allowed: PUT/GET off, optimised block, protection
  0x05: '1752', // address out of range: beyond the end of the area or data block
  0x06: '1755', // data type not supported
  0x07: '1755', // data type inconsistent
  0x0a: '1752', // object does not exist: no such data block
};

/** The code of an item's return code; null when the item succeeded. */
export function codeOfReturn(returnCode: number): ErrorCode | null {
  if (returnCode === RETURN_OK) return null;
  return RETURN_CODES[returnCode] ?? '1755';
}

/** A failure the connection reports (timeouts, a lost link, a refusal, an error the PLC answers with). */
export class S7Failure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Errors a PLC answers a whole request with (error class × 256 + error code of the answer's
 * header). An S7-1200/1500 with PUT/GET off answers 0x8104 (function not available); class 0x87
 * is an access error (protection level, password); 0x8500 is a PDU the CPU cannot take.
 */
const HEADER_ERRORS: Readonly<Record<number, ErrorCode>> = {
  0x8104: '1751',
  0x8500: '1755',
  0xd209: '1751', // protection: password or access level
  0xd602: '1751',
};

/** The code of the error class and code a PLC answered a request with. */
export function codeOfHeaderError(error: number): ErrorCode {
  if (HEADER_ERRORS[error]) return HEADER_ERRORS[error];
  if (error >> 8 === 0x87) return '1751';
  return '1758';
}

/** The code of an error thrown during a request (the client throws S7Failure; anything else lost the link). */
export function codeOfRequestError(error: unknown): ErrorCode {
  return error instanceof S7Failure ? error.code : '1754';
}
