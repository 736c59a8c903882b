/** Device template paths (/equipment/template/*): validate → call → answer. */
import type { FastifyInstance } from 'fastify';
import {
  DEVICE_TEMPLATE_API_PATHS,
  templateAddBodySchema,
  templateBatchAnswerSchema,
  templateBindBodySchema,
  templateDiffAnswerSchema,
  templateDiffBodySchema,
  templateIdBodySchema,
  templateInfoAnswerSchema,
  templateListAnswerSchema,
  templateRollbackBodySchema,
  templateSaveVersionBodySchema,
  templateSyncBodySchema,
  templateUnbindBodySchema,
} from '@lyyp/contracts/device-config';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { DeviceTemplateService } from './device-template.service.ts';

export function registerDeviceTemplateRoutes(app: FastifyInstance, service: DeviceTemplateService) {
  const tags = ['device templates'];
  const view = app.allow('device.view');
  const manage = app.allow('device.configure');
  const paths = DEVICE_TEMPLATE_API_PATHS;

  postRoute(
    app,
    paths.list,
    {
      tags,
      summary: 'Templates the caller owns (staff: all), newest change first',
      guard: view,
      answer: templateListAnswerSchema,
    },
    async (request) => ok(await service.list(callerOf(request))),
  );
  postRoute(
    app,
    paths.add,
    {
      tags,
      summary: 'A new template of a product, empty or from a device’s own settings; 2609 a name taken',
      guard: manage,
      answer: templateInfoAnswerSchema,
      body: templateAddBodySchema,
    },
    async (request) => ok(await service.add(callerOf(request), request.body)),
  );
  postRoute(
    app,
    paths.info,
    {
      tags,
      summary: 'A template with every version and its devices with their sync state',
      guard: view,
      answer: templateInfoAnswerSchema,
      body: templateIdBodySchema,
    },
    async (request) => ok(await service.info(callerOf(request), request.body.id)),
  );
  postRoute(
    app,
    paths.saveVersion,
    {
      tags,
      summary: 'A new version with these driver addresses (send JSON); devices get it when synced',
      guard: manage,
      answer: templateInfoAnswerSchema,
      body: templateSaveVersionBodySchema,
    },
    async (request) =>
      ok(await service.saveVersion(callerOf(request), request.body.id, { drivers: request.body.drivers })),
  );
  postRoute(
    app,
    paths.diff,
    {
      tags,
      summary: 'What changes between two versions, setting by setting',
      guard: view,
      answer: templateDiffAnswerSchema,
      body: templateDiffBodySchema,
    },
    async (request) =>
      ok(await service.diff(callerOf(request), request.body.id, request.body.from, request.body.to)),
  );
  postRoute(
    app,
    paths.rollback,
    {
      tags,
      summary: 'A new version with an earlier version’s settings',
      guard: manage,
      answer: templateInfoAnswerSchema,
      body: templateRollbackBodySchema,
    },
    async (request) => ok(await service.rollback(callerOf(request), request.body.id, request.body.version)),
  );
  postRoute(
    app,
    paths.bind,
    {
      tags,
      summary: 'Bind devices of the template’s product (one template per device; 1506 the same one again)',
      guard: manage,
      answer: templateBatchAnswerSchema,
      body: templateBindBodySchema,
    },
    async (request) => ok(await service.bind(callerOf(request), request.body.id, request.body.deviceIds)),
  );
  postRoute(
    app,
    paths.unbind,
    {
      tags,
      summary: 'Unbind devices from their template; their configuration stays',
      guard: manage,
      answer: templateBatchAnswerSchema,
      body: templateUnbindBodySchema,
    },
    async (request) => ok(await service.unbind(callerOf(request), request.body.deviceIds)),
  );
  postRoute(
    app,
    paths.sync,
    {
      tags,
      summary:
        'Push a version (default newest) to the bound devices, or to some first; offline gateways are queued',
      guard: manage,
      answer: templateBatchAnswerSchema,
      body: templateSyncBodySchema,
    },
    async (request) =>
      ok(
        await service.sync(callerOf(request), request.body.id, request.body.version, request.body.deviceIds),
      ),
  );
}
