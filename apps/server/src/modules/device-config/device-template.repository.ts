/** Device templates, their versions and the devices bound to them. */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DeviceConfigOverrides } from '@lyyp/contracts/device-config';
import type { Database } from '../../db/client.ts';
import {
  deviceConfigs,
  deviceTemplates,
  deviceTemplateVersions,
  devices,
  gateways,
  products,
} from '../../db/schema/index.ts';

export type DeviceTemplateRow = typeof deviceTemplates.$inferSelect;
export type DeviceTemplateVersionRow = typeof deviceTemplateVersions.$inferSelect;

/** Whose templates a caller sees: staff all, everyone else their own. */
export interface TemplateViewer {
  accountId: string;
  staff: boolean;
}

const visible = (viewer: TemplateViewer): SQL | undefined =>
  viewer.staff ? undefined : eq(deviceTemplates.ownerAccountId, viewer.accountId);

const deviceCount =
  sql<number>`(select count(*) from ${deviceConfigs} where ${deviceConfigs.templateId} = ${deviceTemplates.id})`.mapWith(
    Number,
  );

export class DeviceTemplateRepository {
  constructor(private readonly db: Database) {}

  async list(viewer: TemplateViewer) {
    return this.db
      .select({ template: deviceTemplates, productTitle: products.title, deviceCount })
      .from(deviceTemplates)
      .innerJoin(products, eq(products.id, deviceTemplates.productId))
      .where(visible(viewer))
      .orderBy(desc(deviceTemplates.updatedAt));
  }

  async findVisible(viewer: TemplateViewer, id: string) {
    const rows = await this.db
      .select({ template: deviceTemplates, productTitle: products.title, deviceCount })
      .from(deviceTemplates)
      .innerJoin(products, eq(products.id, deviceTemplates.productId))
      .where(and(eq(deviceTemplates.id, id), visible(viewer)))
      .limit(1);
    return rows[0];
  }

  async nameTaken(ownerAccountId: string, name: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(deviceTemplates)
      .where(and(eq(deviceTemplates.ownerAccountId, ownerAccountId), eq(deviceTemplates.name, name)));
    return (row?.n ?? 0) > 0;
  }

  /** A template with its first version, in one transaction. */
  async insert(
    template: typeof deviceTemplates.$inferInsert,
    overrides: DeviceConfigOverrides,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(deviceTemplates).values({ ...template, latestVersion: 1 });
      await tx.insert(deviceTemplateVersions).values({
        templateId: template.id,
        version: 1,
        overrides,
        createdBy: template.ownerAccountId,
        createdAt: template.createdAt,
      });
    });
  }

  /** A new version numbered after the newest, taken in the same statement that grows it. */
  async addVersion(
    templateId: string,
    overrides: DeviceConfigOverrides,
    restoredFrom: number | null,
    accountId: string,
    at: Date,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [grown] = await tx
        .update(deviceTemplates)
        .set({ latestVersion: sql`${deviceTemplates.latestVersion} + 1`, updatedAt: at })
        .where(eq(deviceTemplates.id, templateId))
        .returning({ version: deviceTemplates.latestVersion });
      const version = grown!.version;
      await tx
        .insert(deviceTemplateVersions)
        .values({ templateId, version, overrides, restoredFrom, createdBy: accountId, createdAt: at });
      return version;
    });
  }

  async versions(templateId: string): Promise<DeviceTemplateVersionRow[]> {
    return this.db
      .select()
      .from(deviceTemplateVersions)
      .where(eq(deviceTemplateVersions.templateId, templateId))
      .orderBy(asc(deviceTemplateVersions.version));
  }

  async version(templateId: string, version: number): Promise<DeviceTemplateVersionRow | undefined> {
    const rows = await this.db
      .select()
      .from(deviceTemplateVersions)
      .where(
        and(eq(deviceTemplateVersions.templateId, templateId), eq(deviceTemplateVersions.version, version)),
      )
      .limit(1);
    return rows[0];
  }

  /** The devices bound to a template with what their sync state is derived from. */
  async boundDevices(templateId: string) {
    return this.db
      .select({
        id: devices.id,
        name: devices.name,
        gatewaySn: devices.gatewaySn,
        configVersion: devices.configVersion,
        gatewayStatus: gateways.status,
        configVersionReported: gateways.configVersionReported,
        configSyncState: gateways.configSyncState,
        modelVersion: products.modelVersion,
        revision: deviceConfigs.revision,
        templateVersion: deviceConfigs.templateVersion,
      })
      .from(deviceConfigs)
      .innerJoin(devices, eq(devices.id, deviceConfigs.deviceId))
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .innerJoin(products, eq(products.id, devices.productId))
      .where(eq(deviceConfigs.templateId, templateId))
      .orderBy(asc(devices.name), asc(devices.id));
  }

  /** Binds a device that is bound to no template; false when it is bound to one already. */
  async bind(deviceId: string, templateId: string, accountId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .insert(deviceConfigs)
      .values({
        deviceId,
        overrides: { drivers: [] },
        revision: 0,
        updatedBy: accountId,
        updatedAt: at,
        templateId,
      })
      .onConflictDoUpdate({
        target: deviceConfigs.deviceId,
        set: { templateId, templateVersion: null, updatedBy: accountId, updatedAt: at },
        setWhere: sql`${deviceConfigs.templateId} is null`,
      })
      .returning({ deviceId: deviceConfigs.deviceId });
    return rows.length > 0;
  }

  /** Unbinds a device; its configuration stays as it is. */
  async unbind(deviceId: string): Promise<void> {
    await this.db
      .update(deviceConfigs)
      .set({ templateId: null, templateVersion: null })
      .where(eq(deviceConfigs.deviceId, deviceId));
  }

  /** Gives a bound device a template version's settings (its revision grows with it). */
  async applyVersion(
    deviceId: string,
    templateId: string,
    version: number,
    overrides: DeviceConfigOverrides,
    accountId: string,
    at: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(deviceConfigs)
      .set({
        overrides,
        templateVersion: version,
        revision: sql`${deviceConfigs.revision} + 1`,
        updatedBy: accountId,
        updatedAt: at,
      })
      .where(and(eq(deviceConfigs.deviceId, deviceId), eq(deviceConfigs.templateId, templateId)))
      .returning({ deviceId: deviceConfigs.deviceId });
    return rows.length > 0;
  }
}
