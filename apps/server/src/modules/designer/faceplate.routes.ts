/**
 * Faceplate template paths of a product (/product/faceplate/*) for its page designers. Validate →
 * call the service → answer.
 */
import type { FastifyInstance } from 'fastify';
import { FaceplateListSchema, FaceplateSavedSchema } from '@lyyp/contracts';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import {
  DESIGNER_PATHS,
  faceplateDeleteSchema,
  faceplateListSchema,
  faceplateSaveSchema,
} from './designer.schemas.ts';
import type { FaceplateService } from './faceplate.service.ts';

export function registerFaceplateRoutes(app: FastifyInstance, faceplates: FaceplateService): void {
  const tags = ['designer faceplates'];

  postRoute(
    app,
    DESIGNER_PATHS.faceplateList,
    {
      tags,
      summary: "The product's faceplate templates, last changed first",
      guard: app.allow('page.view'),
      answer: FaceplateListSchema,
      body: faceplateListSchema,
    },
    async (request) => ok(await faceplates.list(callerOf(request), request.body.productId)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.faceplateSave,
    {
      tags,
      summary:
        'Save a faceplate template: version 1 is new, a later version must follow the stored one (1141)',
      guard: app.allow('page.design'),
      answer: FaceplateSavedSchema,
      body: faceplateSaveSchema,
    },
    async (request) =>
      ok(await faceplates.save(callerOf(request), request.body.productId, request.body.template)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.faceplateDelete,
    {
      tags,
      summary:
        "Delete a faceplate template (placed instances stay as groups). Answers the product's templates",
      guard: app.allow('page.design'),
      answer: FaceplateListSchema,
      body: faceplateDeleteSchema,
    },
    async (request) =>
      ok(await faceplates.delete(callerOf(request), request.body.productId, request.body.id)),
  );
}
