/** Product paths of §7 (/product/*) and the drivers and variables of a product. Validate → call → answer. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DriverListSchema,
  ModelChangeSchema,
  ProductCapacitySchema,
  ProductDetailSchema,
  ProductDocumentSchema,
  ProductPageSchema,
  ProductRecordSchema,
  SelectableProductSchema,
  VariableCopyAnswerSchema,
  VariableImportAnswerSchema,
  VariableListSchema,
} from '@lyyp/contracts';
import { presentDeviceModel } from '@lyyp/contracts/device-model';
import { ok } from '../../lib/envelope.ts';
import { capacityUseOf } from './capacity.ts';
import { bytesOf, callerOf, postRoute, sendFile } from './catalogue-route.ts';
import type { ProductModelService } from './product-model.service.ts';
import { PRODUCT_FILE_CONTENT_TYPE, productDocumentFileName } from './product-document.ts';
import type { ProductRow } from './product.repository.ts';
import type { ProductService } from './product.service.ts';
import {
  driverDeleteSchema,
  driverListSchema,
  driverSaveSchema,
  productAddSchema,
  productCopySchema,
  productEditSchema,
  productIdSchema,
  productImportSchema,
  productQueryAllSchema,
  productQuerySchema,
  variableAddSchema,
  variableCopySchema,
  variableDeleteSchema,
  variableEditSchema,
  variableExportSchema,
  variableImportSchema,
  variableListSchema,
} from './product.schemas.ts';

export const PRODUCT_PATHS = {
  query: '/product/query',
  queryAll: '/product/queryAll',
  add: '/product/add',
  edit: '/product/edit',
  delete: '/product/delete',
  info: '/product/info',
  setPublish: '/product/setPublish',
  setDevelop: '/product/setDevelop',
  copyProduct: '/product/advance/copyProduct',
  importProduct: '/product/advance/importProduct',
  exportProduct: '/product/advance/exportProduct',
  exportProductFile: '/product/advance/exportProductFile',
  queryConfigResource: '/product/queryConifgResource',
  driverList: '/product/driver/list',
  driverSave: '/product/driver/save',
  driverDelete: '/product/driver/delete',
  variableList: '/product/variable/list',
  variableAdd: '/product/variable/add',
  variableEdit: '/product/variable/edit',
  variableDelete: '/product/variable/delete',
  variableCopy: '/product/variable/copy',
  variableImport: '/product/variable/import',
  variableExport: '/product/variable/export',
} as const;

export interface ProductRoutesOptions {
  products: ProductService;
  models: ProductModelService;
}

/** A product as answered: its drivers' secrets replaced by whether they are set. */
function presented<Row extends ProductRow>(product: Row) {
  return { ...product, model: presentDeviceModel(product.model) };
}

/** What a change of the model answers: the new version and how full the product is. */
async function modelAnswer(products: ProductService, product: ProductRow) {
  return {
    productId: product.id,
    modelVersion: product.modelVersion,
    capacity: capacityUseOf(product.model, await products.capacityOf(product)),
  };
}

export function registerProductRoutes(app: FastifyInstance, { products, models }: ProductRoutesOptions) {
  const tags = ['products'];
  const modelTags = ['product model'];
  const view = app.allow('product.list');
  const edit = app.allow('product.edit');
  const publish = app.allow('product.publish');

  postRoute(
    app,
    PRODUCT_PATHS.query,
    {
      tags,
      summary: 'Products the caller may see, paged; search by title or model',
      guard: view,
      answer: ProductPageSchema,
      body: productQuerySchema,
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.body;
      return ok(await products.query(callerOf(request), filter, { page, pageSize }));
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.queryAll,
    {
      tags,
      summary: 'Every product the caller may pick: own ones and published ones',
      guard: app.allow('product.options'),
      answer: z.array(SelectableProductSchema),
      body: productQueryAllSchema,
    },
    async (request) => ok(await products.queryAll(callerOf(request), request.body.status)),
  );

  postRoute(
    app,
    PRODUCT_PATHS.add,
    {
      tags,
      summary: 'New product in development with an empty model',
      guard: app.allow('product.create'),
      answer: ProductRecordSchema,
      body: productAddSchema,
    },
    async (request) => ok(presented(await products.add(callerOf(request), request.body))),
  );

  postRoute(
    app,
    PRODUCT_PATHS.edit,
    {
      tags,
      summary: 'Change product details (not the model)',
      guard: edit,
      answer: ProductRecordSchema,
      body: productEditSchema,
    },
    async (request) => ok(presented(await products.edit(callerOf(request), request.body))),
  );

  postRoute(
    app,
    PRODUCT_PATHS.delete,
    {
      tags,
      summary: 'Delete a product no device uses',
      guard: edit,
      answer: z.null(),
      body: productIdSchema,
    },
    async (request) => {
      await products.delete(callerOf(request), request.body.id);
      return ok(null);
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.info,
    {
      tags,
      summary: 'A product with its model and capacity',
      guard: view,
      answer: ProductDetailSchema,
      body: productIdSchema,
    },
    async (request) => ok(presented(await products.info(callerOf(request), request.body.id))),
  );

  postRoute(
    app,
    PRODUCT_PATHS.setPublish,
    {
      tags,
      summary: 'Publish a product: anyone may bind devices to it',
      guard: publish,
      answer: ProductRecordSchema,
      body: productIdSchema,
    },
    async (request) =>
      ok(presented(await products.setStatus(callerOf(request), request.body.id, 'published'))),
  );

  postRoute(
    app,
    PRODUCT_PATHS.setDevelop,
    {
      tags,
      summary: 'Take a product back into development',
      guard: publish,
      answer: ProductRecordSchema,
      body: productIdSchema,
    },
    async (request) =>
      ok(presented(await products.setStatus(callerOf(request), request.body.id, 'development'))),
  );

  postRoute(
    app,
    PRODUCT_PATHS.copyProduct,
    {
      tags,
      summary: 'Copy a product with its model; the copy is in development',
      guard: app.allow('product.create'),
      answer: ProductRecordSchema,
      body: productCopySchema,
    },
    async (request) =>
      ok(presented(await products.copy(callerOf(request), request.body.id, request.body.title))),
  );

  postRoute(
    app,
    PRODUCT_PATHS.importProduct,
    {
      tags,
      summary: 'New product from an exported product document (multipart, form or JSON)',
      guard: app.allow('product.create'),
      answer: ProductRecordSchema,
      body: productImportSchema,
    },
    async (request) => ok(presented(await products.importDocument(callerOf(request), request.body))),
  );

  postRoute(
    app,
    PRODUCT_PATHS.exportProduct,
    {
      tags,
      summary: 'The product document importProduct accepts',
      guard: view,
      answer: ProductDocumentSchema,
      body: productIdSchema,
    },
    async (request) => ok(await products.exportDocument(callerOf(request), request.body.id)),
  );

  postRoute(
    app,
    PRODUCT_PATHS.exportProductFile,
    {
      tags,
      summary: 'The product document as a file to download; importProduct takes it as it is',
      guard: view,
      body: productIdSchema,
    },
    async (request, reply) => {
      const document = await products.exportDocument(callerOf(request), request.body.id);
      return sendFile(reply, {
        name: productDocumentFileName(document.product.title),
        // A type of its own: `application/json` is what refusals are answered as.
        contentType: PRODUCT_FILE_CONTENT_TYPE,
        bytes: Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'),
      });
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.queryConfigResource,
    {
      tags,
      summary: 'Capacity of the product: drivers and variables used/total',
      guard: view,
      answer: ProductCapacitySchema,
      body: productIdSchema,
    },
    async (request) => ok(await products.configResource(callerOf(request), request.body.id)),
  );

  // Drivers
  postRoute(
    app,
    PRODUCT_PATHS.driverList,
    {
      tags: modelTags,
      summary: 'Drivers of a product with capacity',
      guard: view,
      answer: DriverListSchema,
      body: driverListSchema,
    },
    async (request) => ok(await models.listDrivers(callerOf(request), request.body.productId)),
  );

  postRoute(
    app,
    PRODUCT_PATHS.driverSave,
    {
      tags: modelTags,
      summary: 'Add a driver, or replace the one keyed originalKey',
      guard: edit,
      answer: ModelChangeSchema,
      body: driverSaveSchema,
    },
    async (request) => {
      const { productId, driver, originalKey } = request.body;
      return ok(
        await modelAnswer(
          products,
          await models.saveDriver(callerOf(request), productId, driver, originalKey || undefined),
        ),
      );
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.driverDelete,
    {
      tags: modelTags,
      summary: 'Delete a driver no variable uses',
      guard: edit,
      answer: ModelChangeSchema,
      body: driverDeleteSchema,
    },
    async (request) =>
      ok(
        await modelAnswer(
          products,
          await models.deleteDriver(callerOf(request), request.body.productId, request.body.key),
        ),
      ),
  );

  // Variables
  postRoute(
    app,
    PRODUCT_PATHS.variableList,
    {
      tags: modelTags,
      summary: 'Variables of a product, paged, with capacity',
      guard: view,
      answer: VariableListSchema,
      body: variableListSchema,
    },
    async (request) => {
      const { productId, page, pageSize, keyword, driverKey } = request.body;
      return ok(
        await models.listVariables(callerOf(request), productId, { keyword, driverKey }, { page, pageSize }),
      );
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.variableAdd,
    {
      tags: modelTags,
      summary: 'Add a variable',
      guard: edit,
      answer: ModelChangeSchema,
      body: variableAddSchema,
    },
    async (request) =>
      ok(
        await modelAnswer(
          products,
          await models.addVariable(callerOf(request), request.body.productId, request.body.variable),
        ),
      ),
  );

  postRoute(
    app,
    PRODUCT_PATHS.variableEdit,
    {
      tags: modelTags,
      summary: 'Replace the variable keyed key (the key may change)',
      guard: edit,
      answer: ModelChangeSchema,
      body: variableEditSchema,
    },
    async (request) => {
      const { productId, key, variable } = request.body;
      return ok(
        await modelAnswer(products, await models.editVariable(callerOf(request), productId, key, variable)),
      );
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.variableDelete,
    {
      tags: modelTags,
      summary: 'Delete variables by key',
      guard: edit,
      answer: ModelChangeSchema,
      body: variableDeleteSchema,
    },
    async (request) =>
      ok(
        await modelAnswer(
          products,
          await models.deleteVariables(callerOf(request), request.body.productId, request.body.keys),
        ),
      ),
  );

  postRoute(
    app,
    PRODUCT_PATHS.variableCopy,
    {
      tags: modelTags,
      summary: 'Duplicate a variable under a new key',
      guard: edit,
      answer: VariableCopyAnswerSchema,
      body: variableCopySchema,
    },
    async (request) => {
      const { productId, key, newKey, name } = request.body;
      const copied = await models.copyVariable(callerOf(request), productId, key, { newKey, name });
      return ok({ ...(await modelAnswer(products, copied.product)), variable: copied.variable });
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.variableImport,
    {
      tags: modelTags,
      summary: 'Import variables from XLSX or CSV; a bad row names its row number and nothing is imported',
      guard: edit,
      answer: VariableImportAnswerSchema,
      body: variableImportSchema,
    },
    async (request) => {
      const { productId, file, mode } = request.body;
      const imported = await models.importVariables(callerOf(request), productId, bytesOf(file), mode);
      return ok({ ...(await modelAnswer(products, imported.product)), imported: imported.count });
    },
  );

  postRoute(
    app,
    PRODUCT_PATHS.variableExport,
    {
      tags: modelTags,
      summary: 'Variables as an XLSX or CSV file (header row of every field)',
      guard: view,
      body: variableExportSchema,
    },
    async (request, reply) =>
      sendFile(
        reply,
        await models.exportVariables(callerOf(request), request.body.productId, request.body.format),
      ),
  );
}
