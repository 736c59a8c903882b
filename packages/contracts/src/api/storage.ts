/**
 * History storage (/storage/*): how many points a product's or a device's history holds, their
 * bytes and oldest point, the retention policy that applies, and the fleet's storage by period.
 * A product's policy is set by those who may edit the product; a device's override by staff who
 * may edit the device. No policy keeps everything for ever.
 */
import { z } from 'zod';

/** Longest retention a policy names: a century of days. */
export const RETENTION_DAYS_MAX = 36_500;

export const STORAGE_PATHS = {
  product: '/storage/product',
  productPolicy: '/storage/product/policy',
  device: '/storage/device',
  devicePolicy: '/storage/device/policy',
  fleet: '/storage/fleet',
} as const;

/** Raw points kept N days, minute summaries M days, hour and day summaries N years (null: for ever). */
export const RetentionPolicySchema = z.object({
  rawDays: z.number().int().min(1).max(RETENTION_DAYS_MAX),
  minuteDays: z.number().int().min(1).max(RETENTION_DAYS_MAX),
  summaryYears: z.number().int().min(1).max(100).nullable(),
});
export type RetentionPolicy = z.infer<typeof RetentionPolicySchema>;

export const StorageUsageSchema = z.object({
  /** Points stored, hot and archived. */
  points: z.number().int(),
  /** Bytes on disk those points take, from the database's own relation sizes (hot and archived shares). */
  bytes: z.number().int(),
  /** The oldest point's time, epoch ms; null without points. */
  oldest: z.number().int().nullable(),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

export const ProductStorageRequestSchema = z.object({ productId: z.string().min(1) });
export const ProductStorageSchema = z.object({
  productId: z.string(),
  policy: RetentionPolicySchema.nullable(),
  usage: StorageUsageSchema,
});
export type ProductStorage = z.infer<typeof ProductStorageSchema>;

export const ProductPolicyRequestSchema = z.object({
  productId: z.string().min(1),
  /** null removes the policy (everything kept for ever). */
  policy: RetentionPolicySchema.nullable(),
});

export const DeviceStorageRequestSchema = z.object({ equipmentId: z.string().min(1) });
export const DeviceStorageSchema = z.object({
  equipmentId: z.string(),
  /** The policy in force: the device's override, else its product's, else null (for ever). */
  policy: RetentionPolicySchema.nullable(),
  override: RetentionPolicySchema.nullable(),
  productPolicy: RetentionPolicySchema.nullable(),
  usage: StorageUsageSchema,
});
export type DeviceStorage = z.infer<typeof DeviceStorageSchema>;

export const DevicePolicyRequestSchema = z.object({
  equipmentId: z.string().min(1),
  /** null removes the override (the product's policy applies). */
  policy: RetentionPolicySchema.nullable(),
});

/** The fleet's history storage by period: day partitions of hot points, month partitions of the archive. */
export const FleetStorageSchema = z.object({
  periods: z.array(
    z.object({
      kind: z.enum(['hot', 'archive']),
      start: z.number().int(),
      end: z.number().int(),
      bytes: z.number().int(),
      /** The database's estimate of the rows (points when hot, packed hours when archived). */
      rows: z.number().int(),
    }),
  ),
  totalBytes: z.number().int(),
});
export type FleetStorage = z.infer<typeof FleetStorageSchema>;
