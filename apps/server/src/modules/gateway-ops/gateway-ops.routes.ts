/**
 * Gateway operations of a device (`/equipment/gateway/*`): replace, replacement progress, factory
 * reset, clear data, settings, save settings, restart. Requests and answers are the contract's
 * (`@lyyp/contracts/gateway-ops`); commands answer as §3 async commands (poll the callback).
 */
import type { FastifyInstance } from 'fastify';
import {
  ClearedDataSchema,
  GATEWAY_OPS_API_PATHS,
  GatewayClearDataRequestSchema,
  GatewayCommandAnswerSchema,
  GatewayFactoryResetRequestSchema,
  GatewayOpsDeviceRequestSchema,
  GatewayReplaceRequestSchema,
  GatewayReplacementAnswerSchema,
  GatewaySaveSettingsRequestSchema,
  GatewaySettingsAnswerSchema,
  GatewayTlsFileRequestSchema,
  MQTT_TLS_FILE_FIELD,
  MQTT_TLS_FILE_MAX_BYTES,
  MqttTlsFileSchema,
} from '@lyyp/contracts/gateway-ops';
import { CatalogueError } from '@lyyp/contracts';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { readUploadedFile } from '../files/multipart.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { GatewayOpsService } from './gateway-ops.service.ts';

/** A person choosing files, not a robot: the files are parsed, which costs. */
const TLS_UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** Replacing tries verification codes like binding: limited per address here, per gateway and account in the database. */
const REPLACE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export function registerGatewayOpsRoutes(app: FastifyInstance, service: GatewayOpsService) {
  const tags = ['gateway operations'];
  // The device module's permissions: staff manage devices in the back office, owners on the monitoring site.

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.replace,
    {
      tags,
      summary: 'Move a device to a new gateway (SN + verification code); its data stays with it',
      guard: app.allow('device.replaceGateway'),
      answer: GatewayReplacementAnswerSchema,
      body: GatewayReplaceRequestSchema,
      rateLimit: REPLACE_RATE_LIMIT,
    },
    async (request) => ok(await service.replace(callerOf(request), request.body)),
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.replacement,
    {
      tags,
      summary: 'The latest gateway replacement of a device with its progress (syncing, complete, failed)',
      guard: app.allow('device.view'),
      answer: GatewayReplacementAnswerSchema,
      body: GatewayOpsDeviceRequestSchema,
    },
    async (request) => ok(await service.replacement(callerOf(request), request.body.equipmentId)),
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.factoryReset,
    {
      tags,
      summary: 'Return the gateway to factory settings, keeping or clearing the device data on the platform',
      guard: app.allow('device.resetGateway'),
      answer: GatewayCommandAnswerSchema,
      body: GatewayFactoryResetRequestSchema,
    },
    async (request) => ok(await service.factoryReset(callerOf(request), request.body)),
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.clearData,
    {
      tags,
      summary: 'Remove the device data on the platform, all or measured in a time range',
      guard: app.allow('device.clearData'),
      answer: ClearedDataSchema,
      body: GatewayClearDataRequestSchema,
    },
    async (request) => ok(await service.clearData(callerOf(request), request.body)),
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.settings,
    {
      tags,
      summary: 'The gateway’s remote settings and what the gateway did with each of them',
      guard: app.allow('device.gatewaySettings'),
      answer: GatewaySettingsAnswerSchema,
      body: GatewayOpsDeviceRequestSchema,
    },
    async (request) => ok(await service.settings(callerOf(request), request.body.equipmentId)),
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.saveSettings,
    {
      tags,
      summary: 'Save the gateway’s remote settings and send them to it (answered per setting)',
      guard: app.allow('device.configureGateway'),
      answer: GatewayCommandAnswerSchema,
      body: GatewaySaveSettingsRequestSchema,
    },
    async (request) => ok(await service.saveSettings(callerOf(request), request.body)),
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.tlsUpload,
    {
      tags,
      summary: `Upload a TLS file of the gateway’s MQTT connection (query equipmentId and part ca, cert or key; multipart field "${MQTT_TLS_FILE_FIELD}", pem or der, at most 1 MB); answers what was read, never the content`,
      guard: app.allow('device.configureGateway'),
      answer: MqttTlsFileSchema,
      rateLimit: TLS_UPLOAD_RATE_LIMIT,
    },
    async (request) => {
      const query = GatewayTlsFileRequestSchema.safeParse(request.query);
      if (!query.success) {
        const field = String(query.error.issues[0]?.path[0] ?? 'part');
        throw new CatalogueError(field === 'equipmentId' ? '1001' : '1002', { field });
      }
      // The file is read only once the caller may change this device's gateway.
      const readUpload = async () => {
        const upload = await readUploadedFile(request, {
          field: MQTT_TLS_FILE_FIELD,
          maxBytes: MQTT_TLS_FILE_MAX_BYTES,
        });
        if (!upload || upload.bytes.length === 0)
          throw new CatalogueError('1001', { field: MQTT_TLS_FILE_FIELD });
        return upload;
      };
      return ok(await service.uploadTlsFile(callerOf(request), query.data, readUpload));
    },
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.tlsRemove,
    {
      tags,
      summary: 'Forget a TLS file of the gateway’s MQTT connection (sent with the next save)',
      guard: app.allow('device.configureGateway'),
      answer: z.object({ removed: z.boolean() }),
      body: GatewayTlsFileRequestSchema,
    },
    async (request) => ok({ removed: await service.removeTlsFile(callerOf(request), request.body) }),
  );

  postRoute(
    app,
    GATEWAY_OPS_API_PATHS.restart,
    {
      tags,
      summary: 'Restart the gateway (a changed working mode takes effect)',
      guard: app.allow('device.restartGateway'),
      answer: GatewayCommandAnswerSchema,
      body: GatewayOpsDeviceRequestSchema,
    },
    async (request) => ok(await service.restart(callerOf(request), request.body.equipmentId)),
  );
}
