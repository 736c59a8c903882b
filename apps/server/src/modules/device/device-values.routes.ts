/**
 * `POST /equipment/values`: a device's current values over HTTP — each variable's latest value,
 * its time and whether it is stale, exactly as the live channel's snapshot says. Who may ask is
 * what the live channel allows: any signed-in account, for the devices the device access policy
 * lets it see (another tenant's device is answered like a missing one, 1003).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CatalogueError, envelopeSchema, errorEnvelopeSchema } from '@lyyp/contracts';
import {
  CURRENT_VALUES_PATH,
  currentValuesAnswerSchema,
  currentValuesRequestSchema,
  isStale,
  type CurrentValue,
  type CurrentValuesAnswer,
} from '@lyyp/contracts/live';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { readDeviceSnapshot } from '../live/device-snapshot.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import type { DeviceAccess } from './device-access.ts';

export function registerDeviceValueRoutes(
  app: FastifyInstance,
  options: { access: Pick<DeviceAccess, 'findVisibleDevice'>; runtime: RuntimeRepository; now: () => number },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    CURRENT_VALUES_PATH,
    {
      schema: {
        tags: ['devices'],
        summary: "A device's current values: latest value, time and staleness of each variable",
        description:
          'The same picture as the live channel snapshot (WebSocket /lyyp/developer/live), for clients ' +
          'without a WebSocket. Any signed-in account may ask for the devices it may see; another ' +
          "tenant's device is answered like a missing one (1003); an unknown variable key is 1714.",
        body: currentValuesRequestSchema,
        response: { 200: envelopeSchema(currentValuesAnswerSchema), '4xx': errorEnvelopeSchema },
        security: [{ session: [] }],
      },
      preHandler: app.allow('device.values'),
    },
    async (request) => {
      const device = await options.access.findVisibleDevice(
        sessionOf(request).account,
        request.body.equipmentId,
      );
      const snapshot = device ? await readDeviceSnapshot(options.runtime, device.id) : null;
      if (!device || !snapshot) throw new CatalogueError('1003');
      const keys = request.body.keys.length > 0 ? [...new Set(request.body.keys)] : snapshot.keys;
      if (keys.some((key) => !Object.hasOwn(snapshot.staleAfterMs, key))) throw new CatalogueError('1714');

      const now = options.now();
      const online = snapshot.gateway.status === 'online';
      const latest = new Map(snapshot.values.map((item) => [item.key, item]));
      const values = keys.map((key): CurrentValue => {
        const item = latest.get(key);
        const staleAfterMs = snapshot.staleAfterMs[key] ?? null;
        if (!item)
          return { key, value: null, error: null, ts: null, receivedAt: null, staleAfterMs, stale: true };
        return { ...item, staleAfterMs, stale: isStale(item, staleAfterMs, online, now) };
      });
      const answer: CurrentValuesAnswer = {
        deviceId: device.id,
        serverTime: now,
        gateway: snapshot.gateway,
        values,
      };
      return ok(answer);
    },
  );
}
