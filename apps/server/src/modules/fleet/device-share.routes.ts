/** Device sharing paths (`/equipment/share/*`). Validate → call the service → answer. */
import type { FastifyInstance } from 'fastify';
import {
  DEVICE_SHARE_PATHS as PATHS,
  DeviceShareAddSchema,
  DeviceShareCreatedSchema,
  DeviceShareListAnswerSchema,
  DeviceShareListSchema,
  DeviceShareRevokeSchema,
  ShareAcceptPasswordSchema,
  ShareAcceptedSchema,
  SharePreviewSchema,
  ShareTokenSchema,
} from '@lyyp/contracts/fleet';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { DeviceShareService } from './device-share.service.ts';

/** Share passwords are guessed like codes: limited per address here, per SN and account in the database. */
const ACCEPT_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export function registerDeviceShareRoutes(app: FastifyInstance, { shares }: { shares: DeviceShareService }) {
  const tags = ['device sharing'];
  const share = app.allow('share.manage');
  const receive = app.allow('share.accept');

  postRoute(
    app,
    PATHS.list,
    {
      tags,
      summary: 'Shares of a device: all of them for its owner and staff, else the ones I made',
      guard: app.allow('share.list'),
      body: DeviceShareListSchema,
      answer: DeviceShareListAnswerSchema,
    },
    async (request) => ok(await shares.list(callerOf(request), request.body.id)),
  );
  postRoute(
    app,
    PATHS.add,
    {
      tags,
      summary: 'Share a device by link or password with permission settings (at most 20 per device)',
      guard: app.allow('share.add'),
      body: DeviceShareAddSchema,
      answer: DeviceShareCreatedSchema,
    },
    async (request) => ok(await shares.add(callerOf(request), request.body)),
  );
  postRoute(
    app,
    PATHS.revoke,
    {
      tags,
      summary: 'Revoke a share: the receiver loses the device, its live data and alarm pushes at once',
      guard: share,
      body: DeviceShareRevokeSchema,
      answer: DeviceShareListAnswerSchema,
    },
    async (request) => ok(await shares.revoke(callerOf(request), request.body)),
  );
  postRoute(
    app,
    PATHS.preview,
    {
      tags,
      summary: 'What a share link offers, before accepting it',
      guard: receive,
      body: ShareTokenSchema,
      answer: SharePreviewSchema,
    },
    async (request) => ok(await shares.preview(callerOf(request), request.body.token)),
  );
  postRoute(
    app,
    PATHS.accept,
    {
      tags,
      summary: 'Accept a share link: the device appears in my list, marked as shared',
      guard: receive,
      body: ShareTokenSchema,
      answer: ShareAcceptedSchema,
      rateLimit: ACCEPT_RATE_LIMIT,
    },
    async (request) => ok(await shares.accept(callerOf(request), request.body.token)),
  );
  postRoute(
    app,
    PATHS.acceptPassword,
    {
      tags,
      summary: 'Accept a password share by the gateway SN and the share password (attempts limited)',
      guard: receive,
      body: ShareAcceptPasswordSchema,
      answer: ShareAcceptedSchema,
      rateLimit: ACCEPT_RATE_LIMIT,
    },
    async (request) => ok(await shares.acceptPassword(callerOf(request), request.body)),
  );
}
