/** Request bodies of the gateway paths (/gateway/*). */
import { z } from 'zod';
import { REMARK_MAX_LENGTH, checkedString, maxLengthCheck } from '@lyyp/contracts';
import { GATEWAY_STATUSES } from '@lyyp/contracts/protocol';
import { pagingFields, uploadedFile } from '../product/catalogue-route.ts';
import { SHEET_FORMATS } from '../product/spreadsheet.ts';
import {
  FIRMWARE_MAX_LENGTH,
  GATEWAY_BATCH_MAX,
  HARDWARE_MODEL_MAX_LENGTH,
  checkSn,
} from '@lyyp/contracts/gateway';

export const snField = checkedString(checkSn).transform((value) => value.trim());
const remarkField = checkedString(maxLengthCheck('remark', REMARK_MAX_LENGTH));
const hardwareModelField = checkedString(maxLengthCheck('hardwareModel', HARDWARE_MODEL_MAX_LENGTH));
const firmwareField = checkedString(maxLengthCheck('firmware', FIRMWARE_MAX_LENGTH));

const filterFields = {
  status: z.enum(GATEWAY_STATUSES).optional(),
  /** Part of the SN. */
  sn: z.string().trim().max(20).optional(),
  /** Part of the owner's name, username or phone. */
  owner: z.string().trim().max(50).optional(),
  ownerAccountId: z.string().optional(),
  developerAccountId: z.string().optional(),
  firmware: z.string().trim().max(FIRMWARE_MAX_LENGTH).optional(),
  hardwareModel: z.string().trim().max(HARDWARE_MODEL_MAX_LENGTH).optional(),
  /** Only gateways with (true) or without (false) a bound device. */
  bound: z.boolean().optional(),
};

export const gatewayQuerySchema = z.object({ ...pagingFields, ...filterFields });

export const gatewaySnSchema = z.object({ sn: snField });

/** Either `count` new gateways with generated SNs, or the given `sns`. */
export const gatewayBatchAddSchema = z
  .object({
    count: z.number().int().min(1).max(GATEWAY_BATCH_MAX).optional(),
    sns: z.array(snField).min(1).max(GATEWAY_BATCH_MAX).optional(),
    hardwareModel: hardwareModelField.optional(),
    firmware: firmwareField.optional(),
    remark: remarkField.optional(),
    /** The developer the gateways are assigned to (they see them in their gateway list). */
    developerAccountId: z.string().optional(),
  })
  .refine((body) => body.count !== undefined || body.sns !== undefined, {
    message: 'catalogue:1001',
    path: ['count'],
  });
export type GatewayBatchAddRequest = z.infer<typeof gatewayBatchAddSchema>;

export const gatewayImportSchema = z.object({
  file: uploadedFile,
  developerAccountId: z.string().optional(),
});

export const gatewayExportSchema = z.object({
  format: z.enum(SHEET_FORMATS).default('xlsx'),
  /** Chosen gateways; without them, every gateway the filter matches. */
  sns: z.array(z.string()).max(10_000).optional(),
  ...filterFields,
});

export const gatewayRemarkSchema = z.object({ sn: snField, remark: remarkField.nullable() });

export const gatewayDeleteSchema = z.object({ sns: z.array(snField).min(1).max(GATEWAY_BATCH_MAX) });
