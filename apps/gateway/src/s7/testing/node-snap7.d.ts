/** The part of node-snap7's S7Server (snap7, a third-party S7 server) the tests use. */
declare module 'node-snap7' {
  import { EventEmitter } from 'node:events';

  export class S7Server extends EventEmitter {
    readonly srvAreaPE: number;
    readonly srvAreaPA: number;
    readonly srvAreaMK: number;
    readonly srvAreaDB: number;
    readonly LocalPort: number;
    readonly PDURequest: number;
    SetParam(param: number, value: number): boolean;
    RegisterArea(area: number, index: number, buffer: Buffer): boolean;
    RegisterArea(area: number, buffer: Buffer): boolean;
    GetArea(area: number, index?: number): Buffer;
    SetArea(area: number, index: number, buffer: Buffer): boolean;
    SetArea(area: number, buffer: Buffer): boolean;
    StartTo(ip: string): boolean;
    Stop(): boolean;
    LastError(): number;
    ErrorText(code: number): string;
  }

  const snap7: { readonly S7Server: typeof S7Server };
  export default snap7;
}
