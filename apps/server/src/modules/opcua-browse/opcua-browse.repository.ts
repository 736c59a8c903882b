/** What the tag browser reads of devices and gateways, and the gateway's reported thumbprint. */
import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devices, gateways } from '../../db/schema/index.ts';

export interface TargetRow {
  deviceId: string;
  name: string;
  ownerAccountId: string;
  sn: string;
}

export interface GatewayRow {
  sn: string;
  status: 'online' | 'offline' | 'dormant' | 'power-off';
  lastSeenAt: Date | null;
  configVersionReported: number;
  opcuaThumbprint: string | null;
}

export class OpcUaBrowseRepository {
  constructor(private readonly db: Database) {}

  /** Devices of a product, by name, at most `limit`. */
  async devicesOfProduct(productId: string, limit: number): Promise<TargetRow[]> {
    return this.db
      .select({
        deviceId: devices.id,
        name: devices.name,
        ownerAccountId: devices.ownerAccountId,
        sn: devices.gatewaySn,
      })
      .from(devices)
      .where(eq(devices.productId, productId))
      .orderBy(asc(devices.name), asc(devices.id))
      .limit(limit);
  }

  async gateways(sns: readonly string[]): Promise<Map<string, GatewayRow>> {
    if (sns.length === 0) return new Map();
    const rows = await this.db
      .select({
        sn: gateways.sn,
        status: gateways.status,
        lastSeenAt: gateways.lastSeenAt,
        configVersionReported: gateways.configVersionReported,
        opcuaThumbprint: gateways.opcuaThumbprint,
      })
      .from(gateways)
      .where(inArray(gateways.sn, [...sns]));
    return new Map(rows.map((row) => [row.sn, row]));
  }

  /** Keeps the thumbprint a gateway reported (a gateway without OPC UA drivers reports none: kept as it was). */
  async recordThumbprint(sn: string, thumbprint: string): Promise<void> {
    // Written only when it changed: statuses arrive every few seconds.
    await this.db
      .update(gateways)
      .set({ opcuaThumbprint: thumbprint })
      .where(
        and(
          eq(gateways.sn, sn),
          or(isNull(gateways.opcuaThumbprint), ne(gateways.opcuaThumbprint, thumbprint)),
        ),
      );
  }
}
