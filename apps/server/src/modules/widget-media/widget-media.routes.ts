/**
 * The media widgets' paths: weather conditions, pan-tilt commands and the account's camera cloud
 * key. Every path needs a signed-in account; the key belongs to the caller and is never answered in
 * full.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  WIDGET_MEDIA_API_PATHS,
  cameraControlBodySchema,
  cameraKeyAnswerSchema,
  cameraKeySaveBodySchema,
  weatherAnswerSchema,
  weatherBodySchema,
} from '@lyyp/contracts/widget-media';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { alarmRoute } from '../alarm/alarm-route.ts';
import type { WidgetMediaService } from './widget-media.service.ts';

const accountIdOf = (request: FastifyRequest) => sessionOf(request).account.id;

export function registerWidgetMediaRoutes(app: FastifyInstance, service: WidgetMediaService) {
  const tags = ['media widgets'];

  alarmRoute(
    app,
    WIDGET_MEDIA_API_PATHS.weather,
    {
      tags,
      summary: 'Current weather of a place for the weather widget; configured false without a provider',
      guard: app.allow('platform.settings'),
      body: weatherBodySchema,
      answer: weatherAnswerSchema,
    },
    async (request) => ok(await service.weather(request.body)),
  );
  alarmRoute(
    app,
    WIDGET_MEDIA_API_PATHS.cameraControl,
    {
      tags,
      summary:
        'A pan-tilt or zoom command to a camera, sent through the camera adapter with the caller’s key',
      guard: app.allow('device.camera'),
      body: cameraControlBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await service.controlCamera(accountIdOf(request), request.body);
      return ok(null);
    },
  );
  alarmRoute(
    app,
    WIDGET_MEDIA_API_PATHS.cameraKey,
    {
      tags,
      summary: 'Whether the caller has a camera cloud key (the key shown by its last characters only)',
      guard: app.allow('account.preferences'),
      answer: cameraKeyAnswerSchema,
    },
    async (request) => ok(await service.cameraKey(accountIdOf(request))),
  );
  alarmRoute(
    app,
    WIDGET_MEDIA_API_PATHS.cameraKeySave,
    {
      tags,
      summary: 'Associate (or replace) the caller’s camera cloud key',
      guard: app.allow('account.preferences'),
      body: cameraKeySaveBodySchema,
      answer: cameraKeyAnswerSchema,
    },
    async (request) => ok(await service.saveCameraKey(accountIdOf(request), request.body)),
  );
  alarmRoute(
    app,
    WIDGET_MEDIA_API_PATHS.cameraKeyDelete,
    {
      tags,
      summary: 'Remove the caller’s camera cloud key',
      guard: app.allow('account.preferences'),
      answer: cameraKeyAnswerSchema,
    },
    async (request) => ok(await service.deleteCameraKey(accountIdOf(request))),
  );
}
