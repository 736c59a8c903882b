/**
 * The parts of @st-one-io/nodes7 (S7comm) and iso-on-tcp (RFC 1006) the S7 driver and the
 * simulator use; both libraries ship JavaScript without type declarations.
 */
declare module '@st-one-io/nodes7' {
  import { EventEmitter } from 'node:events';
  import type { Duplex, Transform } from 'node:stream';

  export interface S7VarSpec {
    readonly area: number;
    readonly db?: number;
    /** Transport size: BIT (1) addresses bits, anything else bytes. */
    readonly transport: number;
    /** Byte address, or byte × 8 + bit for the BIT transport. */
    readonly address: number;
    readonly length: number;
  }

  export interface S7WriteSpec extends S7VarSpec {
    readonly dataTransport: number;
    readonly data: Buffer;
  }

  export interface S7ReadResult {
    readonly returnCode: number;
    readonly transportSize: number;
    readonly data: Buffer;
  }

  export interface S7EndpointOptions {
    host?: string;
    port?: number;
    rack?: number;
    slot?: number;
    srcTSAP?: number;
    dstTSAP?: number;
    customTransport?: () => Promise<Duplex>;
    autoReconnect?: number;
    s7ConnOpts?: { maxJobs?: number; maxPDUSize?: number; timeout?: number };
  }

  export class S7Endpoint extends EventEmitter {
    constructor(options: S7EndpointOptions);
    connect(): Promise<void>;
    disconnect(): Promise<void>;
    readonly isConnected: boolean;
    readonly pduSize: number | null;
    readVars(items: readonly S7VarSpec[]): Promise<S7ReadResult[]>;
    writeVars(items: readonly S7WriteSpec[]): Promise<{ returnCode: number }[]>;
  }

  /** Parses S7 PDUs (requests and responses) from a byte stream into objects. */
  export class S7Parser extends Transform {}
  /** Serializes S7 PDU objects (requests and responses) into bytes. */
  export class S7Serializer extends Transform {}

  export const s7constants: {
    readonly proto: {
      readonly type: Readonly<Record<'REQUEST' | 'ACK' | 'RESPONSE' | 'USERDATA', number>>;
      readonly function: Readonly<Record<'READ_VAR' | 'WRITE_VAR' | 'COMM_SETUP', number>>;
      readonly area: Readonly<Record<'INPUTS' | 'OUTPUTS' | 'FLAGS' | 'DB', number>>;
      readonly transport: Readonly<Record<'BIT' | 'BYTE', number>>;
      readonly dataTransport: Readonly<Record<'NULL' | 'BBIT' | 'BBYTE', number>>;
      readonly retval: Readonly<
        Record<'DATA_HW_FAULT' | 'DATA_ACCESS_FAULT' | 'DATA_OUTOFRANGE' | 'DATA_ERR' | 'DATA_OK', number>
      >;
    };
  };
}

declare module 'iso-on-tcp' {
  import { Duplex } from 'node:stream';

  export interface ISOOnTCPOptions {
    tpduSize?: number;
    srcTSAP?: number;
    dstTSAP?: number;
    forceClose?: boolean;
  }

  /** ISO transport over a TCP stream: answers a peer's connection request, or sends its own with connect(). */
  export class ISOOnTCPClient extends Duplex {
    constructor(stream: Duplex, options?: ISOOnTCPOptions);
    connect(callback?: () => void): void;
    close(): void;
    readonly isConnected: boolean;
  }
}
