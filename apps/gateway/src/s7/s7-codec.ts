/**
 * Between the bytes of an S7 address and the platform's values. S7 stores every number
 * big-endian (no byte order to choose): BYTE/SINT in one byte, WORD/INT in two, DWORD/DINT/REAL in
 * four; a bit is one bit of a byte; a STRING is a byte with its declared maximum, a byte with its
 * current length, then single-byte characters.
 */
import type { ErrorCode } from '@lyyp/contracts';
import { s7ByteCount, type S7Address } from '@lyyp/contracts/device-model';
import type { DataType, VariableValue } from '@lyyp/contracts/device-model';

/** The value an address holds, from the bytes read at its first byte. */
export function decodeS7(address: S7Address, dataType: DataType, bytes: Buffer): VariableValue {
  switch (address.width) {
    case 'bit':
      return ((bytes[0] ?? 0) >> address.bitOffset) & 1;
    case 'byte':
      return dataType === 'byte' ? bytes.readInt8(0) : bytes.readUInt8(0);
    case 'word':
      return dataType === 'short' ? bytes.readInt16BE(0) : bytes.readUInt16BE(0);
    case 'dword':
      if (dataType === 'float') return bytes.readFloatBE(0);
      return dataType === 'int' ? bytes.readInt32BE(0) : bytes.readUInt32BE(0);
    case 'string': {
      // The current length can never exceed what the PLC declared nor what the address reads.
      const declared = bytes[0] ?? 0;
      const current = Math.min(bytes[1] ?? 0, address.stringLength, declared || address.stringLength);
      return bytes.toString('latin1', 2, 2 + current);
    }
  }
}

/** The bytes to write for a raw value, or the code it cannot be written with. */
export function encodeS7(
  address: S7Address,
  dataType: DataType,
  raw: VariableValue,
): { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly code: ErrorCode } {
  if (address.width === 'string') {
    const text = String(raw);
    // S7 STRING characters are single bytes: anything beyond Latin-1 would come back changed.
    if ([...text].some((character) => character.codePointAt(0)! > 0xff)) return { ok: false, code: '1756' };
    if (text.length > address.stringLength) return { ok: false, code: '2003' };
    const bytes = Buffer.alloc(2 + text.length);
    bytes[0] = address.stringLength;
    bytes[1] = text.length;
    bytes.write(text, 2, 'latin1');
    return { ok: true, bytes };
  }
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { ok: false, code: '1722' };
  const bytes = Buffer.alloc(s7ByteCount(address));
  switch (address.width) {
    case 'bit':
      bytes[0] = raw ? 1 : 0;
      break;
    case 'byte':
      if (dataType === 'byte') bytes.writeInt8(raw);
      else bytes.writeUInt8(raw);
      break;
    case 'word':
      if (dataType === 'short') bytes.writeInt16BE(raw);
      else bytes.writeUInt16BE(raw);
      break;
    case 'dword':
      if (dataType === 'float') bytes.writeFloatBE(raw);
      else if (dataType === 'int') bytes.writeInt32BE(raw);
      else bytes.writeUInt32BE(raw);
      break;
  }
  return { ok: true, bytes };
}
