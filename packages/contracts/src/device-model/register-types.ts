/**
 * The four Modbus data tables as a registry: how each is read and written, how much one request
 * may carry (Modbus application protocol v1.1b3, §6), and the digit that prefixes its addresses in
 * PLC notation (0xxxx coils, 1xxxx discrete inputs, 3xxxx input registers, 4xxxx holding registers).
 */

export const REGISTER_TYPES = ['coil', 'discrete-input', 'input-register', 'holding-register'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

/** Function codes this product sends. */
export const READ_FUNCTION_CODES = [1, 2, 3, 4] as const;
export const WRITE_FUNCTION_CODES = [5, 6, 15, 16] as const;
export type ReadFunctionCode = (typeof READ_FUNCTION_CODES)[number];
export type WriteFunctionCode = (typeof WRITE_FUNCTION_CODES)[number];

export interface RegisterTypeDefinition {
  readonly id: RegisterType;
  readonly label: { readonly zh: string; readonly en: string };
  /** 'bit' tables hold one bit per address, 'word' tables one 16-bit register. */
  readonly unit: 'bit' | 'word';
  readonly readFunctionCode: ReadFunctionCode;
  /** Single and multiple write function codes; null for tables a master cannot write. */
  readonly write: { readonly single: WriteFunctionCode; readonly multiple: WriteFunctionCode } | null;
  /** Most addresses one read request may cover. */
  readonly maxReadCount: number;
  /** Most addresses one multiple-write request may cover. */
  readonly maxWriteCount: number;
  /** Leading digit of the address in PLC (Modicon) notation. */
  readonly plcPrefix: '0' | '1' | '3' | '4';
}

export const REGISTER_TYPE_DEFINITIONS: { readonly [K in RegisterType]: RegisterTypeDefinition & { id: K } } =
  {
    coil: {
      id: 'coil',
      label: { zh: '线圈 (0x)', en: 'Coil (0x)' },
      unit: 'bit',
      readFunctionCode: 1,
      write: { single: 5, multiple: 15 },
      maxReadCount: 2000,
      maxWriteCount: 1968,
      plcPrefix: '0',
    },
    'discrete-input': {
      id: 'discrete-input',
      label: { zh: '离散输入 (1x)', en: 'Discrete input (1x)' },
      unit: 'bit',
      readFunctionCode: 2,
      write: null,
      maxReadCount: 2000,
      maxWriteCount: 0,
      plcPrefix: '1',
    },
    'input-register': {
      id: 'input-register',
      label: { zh: '输入寄存器 (3x)', en: 'Input register (3x)' },
      unit: 'word',
      readFunctionCode: 4,
      write: null,
      maxReadCount: 125,
      maxWriteCount: 0,
      plcPrefix: '3',
    },
    'holding-register': {
      id: 'holding-register',
      label: { zh: '保持寄存器 (4x)', en: 'Holding register (4x)' },
      unit: 'word',
      readFunctionCode: 3,
      write: { single: 6, multiple: 16 },
      maxReadCount: 125,
      maxWriteCount: 123,
      plcPrefix: '4',
    },
  };

export function registerTypeDefinition(registerType: RegisterType): RegisterTypeDefinition {
  return REGISTER_TYPE_DEFINITIONS[registerType];
}

/** Highest protocol address (addresses are 16-bit). */
export const MAX_REGISTER_ADDRESS = 0xffff;
