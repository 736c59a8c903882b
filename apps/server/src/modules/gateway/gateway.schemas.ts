/**
 * Request bodies of the gateway paths (/gateway/*): the contract's schemas
 * (`@lyyp/contracts`, src/api/gateway.ts), with the uploaded sheet that only the server reads.
 */
import type { z } from 'zod';
import {
  GatewayBatchAddRequestSchema,
  GatewayDeleteRequestSchema,
  GatewayExportRequestSchema,
  GatewayImportFieldsSchema,
  GatewayQueryRequestSchema,
  GatewayRemarkRequestSchema,
  GatewaySnRequestSchema,
} from '@lyyp/contracts';
import { uploadedFile } from '../product/catalogue-route.ts';

export { snField } from '@lyyp/contracts';

export const gatewayQuerySchema = GatewayQueryRequestSchema;
export const gatewaySnSchema = GatewaySnRequestSchema;
export const gatewayBatchAddSchema = GatewayBatchAddRequestSchema;
export type GatewayBatchAddRequest = z.infer<typeof gatewayBatchAddSchema>;
export const gatewayImportSchema = GatewayImportFieldsSchema.extend({ file: uploadedFile });
export const gatewayExportSchema = GatewayExportRequestSchema;
export const gatewayRemarkSchema = GatewayRemarkRequestSchema;
export const gatewayDeleteSchema = GatewayDeleteRequestSchema;
