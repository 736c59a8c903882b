/**
 * Opening a connection to an S7 controller with a driver's settings: TCP to its port (102), the
 * ISO transport connection addressed by TSAPs (rack and slot, or the TSAP pair S7-200 SMART and
 * LOGO use), then the S7 communication setup that negotiates the PDU size (s7-client.ts). The
 * steps fail differently, and say so: nothing answers → 1754 (PLC unreachable); TCP opens but the
 * CPU refuses or drops the transport connection → 1753 (check rack/slot or TSAP).
 */
import type { S7Driver } from '@lyyp/contracts/device-model';
import { S7Client } from './s7-client.ts';
import type { Tsaps } from './s7-iso.ts';

/**
 * Local and remote TSAP of a driver: its TSAP pair, or a PG connection (0x01) to rack and slot:
 * the remote TSAP's second byte is rack × 32 + slot.
 */
export function tsapsOf(driver: S7Driver): Tsaps {
  if (driver.localTsap !== undefined && driver.remoteTsap !== undefined)
    return { local: parseInt(driver.localTsap, 16), remote: parseInt(driver.remoteTsap, 16) };
  return { local: 0x0100, remote: 0x0100 | (driver.rack << 5) | driver.slot };
}

/** A connected client, or a rejection with the code of the step that failed, within `patienceMs`. */
export function openS7(driver: S7Driver, patienceMs: number): Promise<S7Client> {
  return S7Client.open({
    host: driver.host,
    port: driver.port,
    tsaps: tsapsOf(driver),
    pduSize: driver.pduSize,
    timeoutMs: driver.timeoutMs,
    patienceMs,
  });
}
