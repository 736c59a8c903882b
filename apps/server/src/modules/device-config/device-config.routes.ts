/** Per-device configuration paths (/equipment/config/*): validate → call → answer. */
import type { FastifyInstance } from 'fastify';
import {
  DEVICE_CONFIG_API_PATHS,
  deviceConfigAnswerSchema,
  deviceConfigCopyAnswerSchema,
  deviceConfigCopyBodySchema,
  deviceConfigInfoBodySchema,
  deviceConfigSaveBodySchema,
} from '@lyyp/contracts/device-config';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { DeviceConfigService } from './device-config.service.ts';

export function registerDeviceConfigRoutes(app: FastifyInstance, service: DeviceConfigService) {
  const tags = ['device configuration'];
  // The same access as the device itself: staff manage any device, end users their own.
  const view = app.allow('device.view');
  const manage = app.allow('device.configure');

  postRoute(
    app,
    DEVICE_CONFIG_API_PATHS.info,
    {
      tags,
      summary:
        'Driver addresses of a device beside its product’s, the version its gateway runs and its sync state',
      guard: view,
      answer: deviceConfigAnswerSchema,
      body: deviceConfigInfoBodySchema,
    },
    async (request) => ok(await service.info(callerOf(request), request.body.id)),
  );

  postRoute(
    app,
    DEVICE_CONFIG_API_PATHS.save,
    {
      tags,
      summary: 'Set a device’s own driver addresses (send JSON); what equals the product follows it again',
      guard: manage,
      answer: deviceConfigAnswerSchema,
      body: deviceConfigSaveBodySchema,
    },
    async (request) =>
      ok(await service.save(callerOf(request), request.body.id, { drivers: request.body.drivers })),
  );

  postRoute(
    app,
    DEVICE_CONFIG_API_PATHS.copy,
    {
      tags,
      summary:
        'Copy a device’s own settings to devices of the same series with online gateways; a result per device',
      guard: manage,
      answer: deviceConfigCopyAnswerSchema,
      body: deviceConfigCopyBodySchema,
    },
    async (request) => ok(await service.copy(callerOf(request), request.body.id, request.body.targetIds)),
  );
}
