/**
 * Opening a connection to an S7 controller: TCP to port 102, the ISO transport connection
 * addressed by TSAPs (rack and slot, or the TSAP pair S7-200 SMART and LOGO use), then the S7
 * communication setup that negotiates the PDU size. The steps fail differently, and say so:
 * nothing answers (on TCP, or at all within the patience) → 1754 (PLC unreachable); TCP opens
 * but the CPU refuses or drops the transport connection → 1753 (check rack/slot or TSAP).
 */
import { createConnection } from 'node:net';
import type { S7Driver } from '@lyyp/contracts/device-model';
import { S7Endpoint } from '@st-one-io/nodes7';
import { ISOOnTCPClient } from 'iso-on-tcp';
import { S7Failure } from './s7-status.ts';

/** Local and remote TSAP of a driver: its TSAP pair, or the PG connection to rack and slot. */
export function tsapsOf(driver: S7Driver): { readonly src: number; readonly dst: number } {
  if (driver.localTsap !== undefined && driver.remoteTsap !== undefined)
    return { src: parseInt(driver.localTsap, 16), dst: parseInt(driver.remoteTsap, 16) };
  return { src: 0x0100, dst: 0x0100 | (driver.rack << 5) | driver.slot };
}

/** How far an opening got, and how to abandon it. */
interface Opening {
  tcpOpen: boolean;
  abort: () => void;
}

/** Opens the ISO transport; rejects with 1754 or 1753 as above. */
function openTransport(driver: S7Driver, opening: Opening): Promise<ISOOnTCPClient> {
  const { src, dst } = tsapsOf(driver);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: driver.host, port: driver.port });
    opening.abort = () => socket.destroy();
    const iso = new ISOOnTCPClient(socket, { srcTSAP: src, dstTSAP: dst, forceClose: true });
    const fail = (error?: unknown) => {
      iso.removeAllListeners('connect');
      socket.destroy();
      const reason = error instanceof Error ? error.message : 'connection closed';
      reject(
        opening.tcpOpen
          ? new S7Failure('1753', `the CPU refused the connection (${reason})`)
          : new S7Failure('1754', `no connection to ${driver.host}:${driver.port} (${reason})`),
      );
    };
    socket.once('connect', () => {
      opening.tcpOpen = true;
      iso.connect();
    });
    iso.once('error', fail);
    iso.once('close', () => fail());
    iso.once('connect', () => {
      iso.removeAllListeners('error');
      iso.removeAllListeners('close');
      resolve(iso);
    });
  });
}

/**
 * A connected endpoint, or a rejection with the code of the step that failed. The whole opening
 * is bounded by `patienceMs`; nodes7 reconnecting on its own is off, the caller supervises.
 */
export async function openS7(driver: S7Driver, patienceMs: number): Promise<S7Endpoint> {
  const opening: Opening = { tcpOpen: false, abort: () => undefined };
  const endpoint = new S7Endpoint({
    autoReconnect: 0,
    customTransport: () => openTransport(driver, opening),
    s7ConnOpts: { maxPDUSize: driver.pduSize, timeout: driver.timeoutMs, maxJobs: 8 },
  });
  // The endpoint reports errors as events as well; the supervisor learns of them through the
  // failing requests and the 'disconnect' event, so these must not end the process.
  endpoint.on('error', () => undefined);
  const refused = (reason: string) =>
    opening.tcpOpen
      ? new S7Failure('1753', `the CPU did not accept the connection (${reason})`)
      : new S7Failure('1754', `no connection to ${driver.host}:${driver.port} (${reason})`);
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<never>((_, reject) => {
    // Silence is not a refusal: a PLC that accepts TCP and then never answers is unreachable.
    timer = setTimeout(
      () => reject(new S7Failure('1754', `no answer from ${driver.host}:${driver.port}`)),
      patienceMs,
    );
  });
  try {
    await Promise.race([endpoint.connect(), patience]);
    return endpoint;
  } catch (error) {
    opening.abort();
    // Not awaited: while still opening, nodes7 only answers a disconnect once a transport existed.
    void endpoint.disconnect().catch(() => undefined);
    if (error instanceof S7Failure) throw error;
    // The transport opened but the S7 setup was refused (nodes7 reports it as an error event).
    throw refused(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
