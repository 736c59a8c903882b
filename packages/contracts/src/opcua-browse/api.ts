/**
 * The tag browser's requests and answers. A developer browses the server of one of a product's
 * OPC UA drivers through a device of the product whose gateway is online and runs the driver: the
 * platform sends the `browse` command over the gateway's command path (docs/protocol.md) and
 * answers the node's children once the gateway replied, or 1781 when it did not in time.
 */
import { z } from 'zod';
import { browsedNodeSchema, GATEWAY_STATUSES } from '../protocol/payloads.ts';
import { isNodeId, OPCUA_NODE_ID_MAX_LENGTH } from '../device-model/opcua.ts';

export const OPCUA_BROWSE_API_PATHS = {
  /** Devices of a product a browse can go through, with their gateway's state and thumbprint. */
  targets: '/product/opcua/targets',
  /** The children of one node of a driver's server, through one device's gateway. */
  browse: '/product/opcua/browse',
  /** Checks an uploaded certificate file (pem or der, at most 1 MB) and answers it as PEM. */
  certificate: '/product/opcua/certificate',
  /** Checks an uploaded private key file (pem or der, at most 1 MB) and answers it as PEM. */
  privateKey: '/product/opcua/privateKey',
  /** The thumbprint of a device's gateway's OPC UA application certificate (the gateway tab). */
  gatewayCertificate: '/equipment/opcua/gatewayCertificate',
} as const;

/** The Objects folder, browsed when no node is named. */
export const OPCUA_OBJECTS_FOLDER = 'i=85';

/** How long the platform waits for the gateway's answer to a browse. */
export const OPCUA_BROWSE_WAIT_MS = 15_000;

/** Devices listed as browse targets at most (the first ones by name). */
export const OPCUA_BROWSE_TARGETS_MAX = 200;

export const OpcUaTargetsRequestSchema = z.object({
  productId: z.string().min(1),
  driverKey: z.string().min(1).max(64),
});
export type OpcUaTargetsRequest = z.input<typeof OpcUaTargetsRequestSchema>;

export const OpcUaBrowseTargetSchema = z.object({
  equipmentId: z.string(),
  name: z.string(),
  sn: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  /** The gateway runs the product's current configuration (the driver as saved). */
  configCurrent: z.boolean(),
  /** SHA-1 thumbprint of the gateway's OPC UA application certificate, once it has made one. */
  opcuaThumbprint: z.string().nullable(),
});
export type OpcUaBrowseTarget = z.infer<typeof OpcUaBrowseTargetSchema>;

export const OpcUaTargetsAnswerSchema = z.object({
  list: z.array(OpcUaBrowseTargetSchema),
  /** More devices of the product exist than were listed. */
  truncated: z.boolean(),
});
export type OpcUaTargetsAnswer = z.infer<typeof OpcUaTargetsAnswerSchema>;

export const OpcUaGatewayCertificateRequestSchema = z.object({ equipmentId: z.string().min(1) });

export const OpcUaGatewayCertificateAnswerSchema = z.object({
  sn: z.string(),
  /** SHA-1 thumbprint of the gateway's OPC UA application certificate; null until it made one. */
  thumbprint: z.string().nullable(),
});
export type OpcUaGatewayCertificateAnswer = z.infer<typeof OpcUaGatewayCertificateAnswerSchema>;

export const OpcUaBrowseRequestSchema = z.object({
  equipmentId: z.string().min(1),
  driverKey: z.string().min(1).max(64),
  /** The node whose children are wanted; the Objects folder when left out. */
  node: z
    .string()
    .max(OPCUA_NODE_ID_MAX_LENGTH)
    .refine((value) => isNodeId(value), { message: 'catalogue:1002' })
    .optional(),
});
export type OpcUaBrowseRequest = z.input<typeof OpcUaBrowseRequestSchema>;

export const OpcUaBrowseAnswerSchema = z.object({
  /** The node browsed. */
  node: z.string(),
  nodes: z.array(browsedNodeSchema),
  /** The node has more children than one answer carries (500). */
  truncated: z.boolean(),
});
export type OpcUaBrowseAnswer = z.infer<typeof OpcUaBrowseAnswerSchema>;
