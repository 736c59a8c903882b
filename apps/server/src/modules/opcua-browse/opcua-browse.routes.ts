/**
 * The OPC UA tag browser's paths (`@lyyp/contracts/opcua-browse`): the devices a product's driver
 * can be browsed through, browsing one node, and checking certificate and key files on upload.
 */
import type { FastifyInstance } from 'fastify';
import { CatalogueError } from '@lyyp/contracts';
import {
  OPCUA_BROWSE_API_PATHS,
  OPCUA_CREDENTIAL_FIELD,
  OPCUA_CREDENTIAL_MAX_BYTES,
  OpcUaBrowseAnswerSchema,
  OpcUaBrowseRequestSchema,
  OpcUaCredentialAnswerSchema,
  OpcUaGatewayCertificateAnswerSchema,
  OpcUaGatewayCertificateRequestSchema,
  OpcUaTargetsAnswerSchema,
  OpcUaTargetsRequestSchema,
} from '@lyyp/contracts/opcua-browse';
import { ok } from '../../lib/envelope.ts';
import { readUploadedFile } from '../files/multipart.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import { readCertificate, readPrivateKey } from './opcua-credential.ts';
import type { OpcUaBrowseService } from './opcua-browse.service.ts';

/** A browse keeps a gateway busy: a person clicking through a tree, not a robot walking it. */
const BROWSE_RATE_LIMIT = { max: 120, timeWindow: 60_000 };
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export function registerOpcUaBrowseRoutes(app: FastifyInstance, service: OpcUaBrowseService) {
  const tags = ['OPC UA tag browser'];

  postRoute(
    app,
    OPCUA_BROWSE_API_PATHS.targets,
    {
      tags,
      summary:
        "Devices of a product its OPC UA driver's server can be browsed through, with gateway state and certificate thumbprint",
      guard: app.allow('product.edit'),
      body: OpcUaTargetsRequestSchema,
      answer: OpcUaTargetsAnswerSchema,
    },
    async (request) =>
      ok(await service.targets(callerOf(request), request.body.productId, request.body.driverKey)),
  );

  postRoute(
    app,
    OPCUA_BROWSE_API_PATHS.browse,
    {
      tags,
      summary: 'The children of an OPC UA node (the Objects folder by default), asked of the device gateway',
      guard: app.allow('device.browseOpcUa'),
      body: OpcUaBrowseRequestSchema,
      answer: OpcUaBrowseAnswerSchema,
      rateLimit: BROWSE_RATE_LIMIT,
    },
    async (request) => ok(await service.browse(callerOf(request), request.body)),
  );

  postRoute(
    app,
    OPCUA_BROWSE_API_PATHS.gatewayCertificate,
    {
      tags,
      summary:
        "The SHA-1 thumbprint of the device gateway's OPC UA application certificate (null until it made one)",
      guard: app.allow('device.view'),
      body: OpcUaGatewayCertificateRequestSchema,
      answer: OpcUaGatewayCertificateAnswerSchema,
    },
    async (request) => ok(await service.gatewayCertificate(callerOf(request), request.body.equipmentId)),
  );

  const credential = (path: string, kind: 'certificate' | 'key') =>
    postRoute(
      app,
      path,
      {
        tags,
        summary: `Check an OPC UA ${kind === 'key' ? 'private key' : 'certificate'} file (multipart field "${OPCUA_CREDENTIAL_FIELD}", pem or der, at most 1 MB); answers it as PEM`,
        guard: app.allow('product.edit'),
        answer: OpcUaCredentialAnswerSchema,
        rateLimit: UPLOAD_RATE_LIMIT,
      },
      async (request) => {
        const upload = await readUploadedFile(request, {
          field: OPCUA_CREDENTIAL_FIELD,
          maxBytes: OPCUA_CREDENTIAL_MAX_BYTES,
        });
        if (!upload || upload.bytes.length === 0)
          throw new CatalogueError('1001', { field: OPCUA_CREDENTIAL_FIELD });
        const read = kind === 'key' ? readPrivateKey : readCertificate;
        return ok(read(upload.bytes, upload.truncated));
      },
    );
  credential(OPCUA_BROWSE_API_PATHS.certificate, 'certificate');
  credential(OPCUA_BROWSE_API_PATHS.privateKey, 'key');
}
