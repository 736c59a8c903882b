/**
 * Designer page paths: the pages of a product for its editors (/product/page/*) and the pages of a
 * device for its viewers (/equipment/page/*). Validate → call the service → answer.
 */
import type { FastifyInstance } from 'fastify';
import {
  LoadedPageSchema,
  OpenedPageSchema,
  PageListSchema,
  PageSavedSchema,
  PageSummarySchema,
} from '@lyyp/contracts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { readMultipartFields } from '../files/multipart.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { DesignerPageService } from './designer-page.service.ts';
import {
  DESIGNER_PATHS,
  devicePagesSchema,
  pageAddSchema,
  pageCopySchema,
  pageIdSchema,
  pageListSchema,
  pageOpenSchema,
  pageRenameSchema,
  pageSaveSchema,
  pageSetKindSchema,
} from './designer.schemas.ts';
import type { PageRuntimeService } from './page-runtime.service.ts';

export interface DesignerRoutesOptions {
  pages: DesignerPageService;
  runtime: PageRuntimeService;
}

export function registerDesignerPageRoutes(app: FastifyInstance, { pages, runtime }: DesignerRoutesOptions) {
  const tags = ['designer pages'];
  const viewerTags = ['device pages'];
  const view = app.allow('page.view');
  const design = app.allow('page.design');
  // The same codes the device paths ask for: back-office staff and the monitoring site.
  const viewDevice = app.allow('device.view');

  postRoute(
    app,
    DESIGNER_PATHS.list,
    {
      tags,
      summary: 'Pages of a product the caller may edit, in list order',
      guard: view,
      answer: PageListSchema,
      body: pageListSchema,
    },
    async (request) => ok(await pages.list(callerOf(request), request.body.productId)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.add,
    {
      tags,
      summary: 'New empty page at the end of the list; the first main page becomes the start page',
      guard: design,
      answer: PageSummarySchema,
      body: pageAddSchema,
    },
    async (request) => ok(await pages.add(callerOf(request), request.body)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.rename,
    {
      tags,
      summary: 'Rename a page (its version grows: an open designer reloads before saving)',
      guard: design,
      answer: PageSummarySchema,
      body: pageRenameSchema,
    },
    async (request) => ok(await pages.rename(callerOf(request), request.body.id, request.body.title)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.copy,
    {
      tags,
      summary: 'Copy a page with its content, kind and password to the end of the list',
      guard: design,
      answer: PageSummarySchema,
      body: pageCopySchema,
    },
    async (request) => ok(await pages.copy(callerOf(request), request.body.id, request.body.title)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.delete,
    {
      tags,
      summary: 'Delete a page; the next main page takes over as start page. Answers the remaining pages',
      guard: design,
      answer: PageListSchema,
      body: pageIdSchema,
    },
    async (request) => ok(await pages.delete(callerOf(request), request.body.id)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.setStart,
    {
      tags,
      summary: "Make a main page the product's one start page. Answers the product's pages",
      guard: design,
      answer: PageListSchema,
      body: pageIdSchema,
    },
    async (request) => ok(await pages.setStart(callerOf(request), request.body.id)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.setKind,
    {
      tags,
      summary: "Make a page a main or child page (the start page stays main). Answers the product's pages",
      guard: design,
      answer: PageListSchema,
      body: pageSetKindSchema,
    },
    async (request) => ok(await pages.setKind(callerOf(request), request.body.id, request.body.kind)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.load,
    {
      tags,
      summary: 'A page for the designer: summary, version, con (password empty, hasPassword), widgets, bind',
      guard: view,
      answer: LoadedPageSchema,
      body: pageIdSchema,
    },
    async (request) => ok(await pages.load(callerOf(request), request.body.id)),
  );

  // A save arrives as a multipart form (the designer), a form or JSON (tools).
  void app.register((scope, _options, done) => {
    scope.addHook('preValidation', async (request) => {
      if (request.isMultipart()) request.body = await readMultipartFields(request);
    });
    postRoute(
      scope,
      DESIGNER_PATHS.save,
      {
        tags,
        summary:
          'Save a page (multipart, form or JSON: id, version, con, widgets, bind as JSON text); answers the new version',
        guard: design,
        answer: PageSavedSchema,
        body: pageSaveSchema,
      },
      async (request) => ok(await pages.save(callerOf(request), request.body)),
    );
    done();
  });

  postRoute(
    app,
    DESIGNER_PATHS.viewerList,
    {
      tags: viewerTags,
      summary: "Main and child pages of the device's product, the start page first",
      guard: app.allow('device.list'),
      answer: PageListSchema,
      body: devicePagesSchema,
    },
    async (request) => ok(await runtime.list(sessionOf(request).account, request.body.equipmentId)),
  );

  postRoute(
    app,
    DESIGNER_PATHS.viewerOpen,
    {
      tags: viewerTags,
      summary: "Open a page of the device's product: con (without password), widgets, bind",
      guard: viewDevice,
      answer: OpenedPageSchema,
      body: pageOpenSchema,
    },
    async (request) => ok(await runtime.open(sessionOf(request).account, request.body)),
  );
}
