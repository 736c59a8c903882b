/**
 * Paths of computed variables and scripts: a product's formula tab and scripts (product viewers
 * read, product editors change), and a device's script states (whoever may see the device).
 * Validate → call → answer; shapes from `@lyyp/contracts/edge-logic`.
 */
import type { FastifyInstance } from 'fastify';
import {
  EDGE_LOGIC_API_PATHS,
  deviceScriptStatusAnswerSchema,
  deviceScriptStatusBodySchema,
  formulaListAnswerSchema,
  formulaListBodySchema,
  formulaSaveBodySchema,
  scriptChangeAnswerSchema,
  scriptDeleteBodySchema,
  scriptEnableBodySchema,
  scriptListAnswerSchema,
  scriptListBodySchema,
  scriptSaveBodySchema,
} from '@lyyp/contracts/edge-logic';
import { ModelChangeSchema } from '@lyyp/contracts';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { EdgeLogicService } from './edge-logic.service.ts';

export function registerEdgeLogicRoutes(app: FastifyInstance, service: EdgeLogicService) {
  const formulaTags = ['computed variables'];
  const scriptTags = ['scripts'];
  const view = app.allow('edgeLogic.view');
  const edit = app.allow('edgeLogic.edit');

  postRoute(
    app,
    EDGE_LOGIC_API_PATHS.formulaList,
    {
      tags: formulaTags,
      summary: 'Intermediate and summary variables in computing order, with what each reads and who reads it',
      guard: view,
      body: formulaListBodySchema,
      answer: formulaListAnswerSchema,
    },
    async (request) => ok(await service.listFormulas(callerOf(request), request.body.productId)),
  );
  postRoute(
    app,
    EDGE_LOGIC_API_PATHS.formulaSave,
    {
      tags: formulaTags,
      summary: 'Set the formula of a computed variable; an unknown name or a cycle is 1508 with its column',
      guard: edit,
      body: formulaSaveBodySchema,
      answer: ModelChangeSchema,
    },
    async (request) => {
      const { productId, key, formula } = request.body;
      const product = await service.saveFormula(callerOf(request), productId, key, formula);
      return ok({
        productId: product.id,
        modelVersion: product.modelVersion,
        capacity: await service.capacityUseOf(product),
      });
    },
  );

  postRoute(
    app,
    EDGE_LOGIC_API_PATHS.scriptList,
    {
      tags: scriptTags,
      summary: 'Scripts of a product with capacity used/total',
      guard: view,
      body: scriptListBodySchema,
      answer: scriptListAnswerSchema,
    },
    async (request) => ok(await service.listScripts(callerOf(request), request.body.productId)),
  );
  postRoute(
    app,
    EDGE_LOGIC_API_PATHS.scriptSave,
    {
      tags: scriptTags,
      summary: 'Add a script, or replace the one keyed originalKey (send JSON); 2351 beyond capacity',
      guard: edit,
      body: scriptSaveBodySchema,
      answer: scriptChangeAnswerSchema,
    },
    async (request) => {
      const { productId, script, originalKey } = request.body;
      return ok(await service.saveScript(callerOf(request), productId, script, originalKey || undefined));
    },
  );
  postRoute(
    app,
    EDGE_LOGIC_API_PATHS.scriptDelete,
    {
      tags: scriptTags,
      summary: 'Delete a script',
      guard: edit,
      body: scriptDeleteBodySchema,
      answer: scriptChangeAnswerSchema,
    },
    async (request) =>
      ok(await service.deleteScript(callerOf(request), request.body.productId, request.body.key)),
  );
  postRoute(
    app,
    EDGE_LOGIC_API_PATHS.scriptEnable,
    {
      tags: scriptTags,
      summary: 'Switch a script on or off',
      guard: edit,
      body: scriptEnableBodySchema,
      answer: scriptChangeAnswerSchema,
    },
    async (request) => {
      const { productId, key, enabled } = request.body;
      return ok(await service.enableScript(callerOf(request), productId, key, enabled));
    },
  );

  postRoute(
    app,
    EDGE_LOGIC_API_PATHS.deviceScriptStatus,
    {
      tags: scriptTags,
      summary: 'The scripts of a device with their last run and last error as its gateway reported them',
      guard: app.allow('device.scriptStatus'),
      body: deviceScriptStatusBodySchema,
      answer: deviceScriptStatusAnswerSchema,
    },
    async (request) => ok(await service.deviceStatus(callerOf(request), request.body.id)),
  );
}
