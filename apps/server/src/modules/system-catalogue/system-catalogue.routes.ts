/**
 * Paths of the remaining system screens: app versions (`/system/version/*`, public `/app/latest`),
 * agreements (`/system/agreement/*`, public `/agreement/current`), protocols and driver models
 * (`/system/protocol/list`, `/system/driverModel/*`). Each screen's permission guards its paths;
 * driver models are also read by whoever edits a product's drivers. Validate → call → answer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGREEMENT_API_PATHS,
  APP_VERSION_API_PATHS,
  PROTOCOL_API_PATHS,
  agreementIdBodySchema,
  agreementListBodySchema,
  agreementPublishBodySchema,
  agreementSummariesSchema,
  agreementTextSchema,
  appVersionAddBodySchema,
  appVersionEditBodySchema,
  appVersionIdBodySchema,
  appVersionListBodySchema,
  appVersionPageSchema,
  appVersionSchema,
  currentAgreementsSchema,
  driverModelAddBodySchema,
  driverModelEditBodySchema,
  driverModelIdBodySchema,
  driverModelListBodySchema,
  driverModelSchema,
  driverModelsSchema,
  latestAppsSchema,
  protocolsSchema,
} from '@lyyp/contracts/system';
import { answerSchemas, writeAnswerAsJson } from '../../lib/answers.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { postRoute } from '../product/catalogue-route.ts';
import type { AgreementService } from './agreement.service.ts';
import type { AppVersionService } from './app-version.service.ts';
import type { DriverModelService } from './driver-model.service.ts';

export interface SystemRouteServices {
  appVersions: AppVersionService;
  agreements: AgreementService;
  driverModels: DriverModelService;
}

export function registerSystemScreenRoutes(app: FastifyInstance, services: SystemRouteServices) {
  registerAppVersionRoutes(app, services.appVersions);
  registerAgreementRoutes(app, services.agreements);
  registerProtocolRoutes(app, services.driverModels);
}

function registerAppVersionRoutes(app: FastifyInstance, versions: AppVersionService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['app versions'];
  const access = app.allow('appVersion.manage');

  postRoute(
    app,
    APP_VERSION_API_PATHS.list,
    {
      tags,
      summary: 'App versions, newest first, by a keyword in the name, identifier or version',
      guard: access,
      body: appVersionListBodySchema,
      answer: appVersionPageSchema,
    },
    async (request) => {
      const { keyword, page, pageSize } = request.body;
      return ok(await versions.list(keyword, { page, pageSize }));
    },
  );
  postRoute(
    app,
    APP_VERSION_API_PATHS.add,
    {
      tags,
      summary: 'Add an app version (2701 when the app has the version number, 2702 without any link)',
      guard: access,
      body: appVersionAddBodySchema,
      answer: appVersionSchema,
    },
    async (request) => ok(await versions.add(request.body)),
  );
  postRoute(
    app,
    APP_VERSION_API_PATHS.edit,
    {
      tags,
      summary: 'Edit an app version',
      guard: access,
      body: appVersionEditBodySchema,
      answer: appVersionSchema,
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await versions.edit(id, input));
    },
  );
  postRoute(
    app,
    APP_VERSION_API_PATHS.setLatest,
    {
      tags,
      summary: 'Make a version the latest of its app; the others become historical',
      guard: access,
      body: appVersionIdBodySchema,
      answer: appVersionSchema,
    },
    async (request) => ok(await versions.setLatest(request.body.id)),
  );
  postRoute(
    app,
    APP_VERSION_API_PATHS.delete,
    { tags, summary: 'Delete an app version', guard: access, body: appVersionIdBodySchema, answer: z.null() },
    async (request) => {
      await versions.delete(request.body.id);
      return ok(null);
    },
  );
  api.get(
    APP_VERSION_API_PATHS.latest,
    {
      onRequest: app.allow('session.publicCatalogue'),
      schema: {
        tags,
        summary: 'Public: the latest version of each app with its http(s) links, for /download',
        response: answerSchemas(latestAppsSchema),
      },
      serializerCompiler: writeAnswerAsJson,
    },
    async () => ok(await versions.latest()),
  );
}

function registerAgreementRoutes(app: FastifyInstance, agreements: AgreementService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['agreements'];
  const access = app.allow('agreement.manage');

  postRoute(
    app,
    AGREEMENT_API_PATHS.list,
    {
      tags,
      summary: 'Every published version of the user agreement and privacy policy, with acceptances',
      guard: access,
      body: agreementListBodySchema,
      answer: agreementSummariesSchema,
    },
    async (request) => ok(await agreements.list(request.body.kind)),
  );
  postRoute(
    app,
    AGREEMENT_API_PATHS.info,
    {
      tags,
      summary: 'One published version with its text (old versions stay readable)',
      guard: access,
      body: agreementIdBodySchema,
      answer: agreementTextSchema,
    },
    async (request) => ok(await agreements.info(request.body.id)),
  );
  postRoute(
    app,
    AGREEMENT_API_PATHS.publish,
    {
      tags,
      summary: 'Publish a new version, which becomes the current one (2701 when the version exists)',
      guard: access,
      body: agreementPublishBodySchema,
      answer: agreementTextSchema,
    },
    async (request) => ok(await agreements.publish(sessionOf(request).account.id, request.body)),
  );
  api.get(
    AGREEMENT_API_PATHS.current,
    {
      onRequest: app.allow('session.publicCatalogue'),
      schema: {
        tags,
        summary: 'Public: the current user agreement and privacy policy, shown at registration',
        response: answerSchemas(currentAgreementsSchema),
      },
      serializerCompiler: writeAnswerAsJson,
    },
    async () => ok(await agreements.current()),
  );
}

function registerProtocolRoutes(app: FastifyInstance, models: DriverModelService) {
  const tags = ['protocols'];
  const manage = app.allow('protocol.manage');
  // The product's driver dialog offers driver models to whoever edits drivers.
  const view = app.allow('protocol.view');

  postRoute(
    app,
    PROTOCOL_API_PATHS.list,
    {
      tags,
      summary: 'The built-in protocols with their register types and driver model counts',
      guard: view,
      answer: protocolsSchema,
    },
    async () => ok(await models.protocols()),
  );
  postRoute(
    app,
    PROTOCOL_API_PATHS.driverModels,
    {
      tags,
      summary: 'Driver models, by protocol, with how many products use each',
      guard: view,
      body: driverModelListBodySchema,
      answer: driverModelsSchema,
    },
    async (request) => ok(await models.list(request.body.protocol)),
  );
  postRoute(
    app,
    PROTOCOL_API_PATHS.addDriverModel,
    {
      tags,
      summary: 'Add a driver model over a built-in protocol (send JSON); 2704 when the name exists',
      guard: manage,
      body: driverModelAddBodySchema,
      answer: driverModelSchema,
    },
    async (request) => ok(await models.add(request.body)),
  );
  postRoute(
    app,
    PROTOCOL_API_PATHS.editDriverModel,
    {
      tags,
      summary: 'Edit a driver model; its protocol cannot change while a product uses it (2703)',
      guard: manage,
      body: driverModelEditBodySchema,
      answer: driverModelSchema,
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await models.edit(id, input));
    },
  );
  postRoute(
    app,
    PROTOCOL_API_PATHS.deleteDriverModel,
    {
      tags,
      summary: 'Delete a driver model no product driver uses (2703 when in use)',
      guard: manage,
      body: driverModelIdBodySchema,
      answer: z.null(),
    },
    async (request) => {
      await models.delete(request.body.id);
      return ok(null);
    },
  );
}
