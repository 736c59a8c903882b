/**
 * A third-party S7 server for the tests: snap7's S7Server (node-snap7, built from the npm
 * registry) on a free loopback port, with two data blocks, markers (MK), inputs (PE) and outputs
 * (PA) of known contents. It can be stopped and started again on the same port, as a PLC that is
 * switched off and on.
 */
import { createServer } from 'node:net';
import snap7, { type S7Server } from 'node-snap7';

const HOST = '127.0.0.1';

/** DB1's known contents, by address. */
export function db1Contents(): Buffer {
  const db = Buffer.alloc(64);
  db[0] = 0b0000_0101; // DBX0.0 = 1, DBX0.1 = 0, DBX0.2 = 1
  db.writeUInt8(200, 1); // DBB1 BYTE
  db.writeInt8(-100, 2); // DBB2 SINT
  db.writeUInt16BE(60000, 4); // DBW4 WORD
  db.writeInt16BE(-30000, 6); // DBW6 INT
  db.writeUInt32BE(4_000_000_000, 8); // DBD8 DWORD
  db.writeInt32BE(-2_000_000_000, 12); // DBD12 DINT
  db.writeFloatBE(21.25, 16); // DBD16 REAL
  db[20] = 20; // DB1.S20.20: maximum 20 characters …
  db[21] = 6; // … 6 of them used
  db.write('Oven 3', 22, 'latin1');
  db.writeFloatBE(-0.5, 42); // DBD42 REAL
  db.writeUInt16BE(4242, 52); // DBW52 WORD
  return db;
}

/** DB2: one STRING[254] holding 254 characters (longer than a 240-byte PDU carries). */
export const LONG_TEXT = 'S7'.repeat(127);
export function db2Contents(): Buffer {
  const db = Buffer.alloc(300);
  db[0] = 254;
  db[1] = 254;
  db.write(LONG_TEXT, 2, 'latin1');
  return db;
}

export function markerContents(): Buffer {
  const mk = Buffer.alloc(32);
  mk[10] = 0b0000_0010; // M10.1
  mk.writeInt16BE(1234, 20); // MW20 INT
  mk.writeFloatBE(3.5, 24); // MD24 REAL
  return mk;
}

export function inputContents(): Buffer {
  const pe = Buffer.alloc(16);
  pe[0] = 0b0000_0001; // I0.0
  pe.writeUInt16BE(777, 2); // IW2
  return pe;
}

export function outputContents(): Buffer {
  const pa = Buffer.alloc(16);
  pa[0] = 0b0000_0010; // Q0.1
  pa.writeUInt16BE(4321, 2); // QW2
  return pa;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export class Snap7Fixture {
  readonly host = HOST;

  private constructor(
    private readonly server: S7Server,
    readonly port: number,
  ) {}

  static async start(): Promise<Snap7Fixture> {
    for (let attempt = 0; ; attempt += 1) {
      const server = new snap7.S7Server();
      const port = await freePort();
      server.SetParam(server.LocalPort, port);
      server.RegisterArea(server.srvAreaDB, 1, db1Contents());
      server.RegisterArea(server.srvAreaDB, 2, db2Contents());
      server.RegisterArea(server.srvAreaMK, markerContents());
      server.RegisterArea(server.srvAreaPE, inputContents());
      server.RegisterArea(server.srvAreaPA, outputContents());
      // Another process may take the port between the probe and the start: try another one.
      if (server.StartTo(HOST)) return new Snap7Fixture(server, port);
      if (attempt >= 4)
        throw new Error(`snap7 server did not start: ${server.ErrorText(server.LastError())}`);
    }
  }

  /** The PLC's memory now: `DB` (DB1), `M`, `I` or `Q`. */
  area(area: 'DB' | 'M' | 'I' | 'Q'): Buffer {
    const { server } = this;
    if (area === 'DB') return server.GetArea(server.srvAreaDB, 1);
    return server.GetArea(
      area === 'M' ? server.srvAreaMK : area === 'I' ? server.srvAreaPE : server.srvAreaPA,
    );
  }

  /** Changes DB1 as the PLC program would. */
  setDb1(contents: Buffer): void {
    this.server.SetArea(this.server.srvAreaDB, 1, contents);
  }

  /** Switches the PLC off: every connection is dropped, nothing listens. */
  stop(): void {
    this.server.Stop();
  }

  /** Switches it on again on the same port, its memory as it was. */
  restart(): void {
    if (!this.server.StartTo(HOST))
      throw new Error(`snap7 server did not restart: ${this.server.ErrorText(this.server.LastError())}`);
  }
}
