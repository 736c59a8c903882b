/** Map paths: the platform's map settings, devices on the map, track playback, position refresh. */
import type { FastifyInstance } from 'fastify';
import {
  FLEET_MAP_PATHS,
  MapDevicesRequestSchema,
  MapDevicesSchema,
  MapSettingsSchema,
  PositionRefreshRequestSchema,
  PositionRefreshSchema,
  TrackRequestSchema,
  TrackSchema,
} from '@lyyp/contracts/fleet';
import { ok } from '../../lib/envelope.ts';
import { callerOf, postRoute } from '../product/catalogue-route.ts';
import type { FleetMapService } from './fleet-map.service.ts';

export function registerFleetMapRoutes(app: FastifyInstance, { map }: { map: FleetMapService }) {
  const tags = ['map'];
  // The map screen, and device pages whose map widget shows their devices.
  const view = app.allow('device.map');

  postRoute(
    app,
    FLEET_MAP_PATHS.settings,
    {
      tags,
      summary:
        'The map settings every map of the console uses: tile server (or none), deepest zoom, refresh quota',
      guard: app.allow('platform.settings'),
      answer: MapSettingsSchema,
    },
    () => Promise.resolve(ok(map.settings())),
  );

  postRoute(
    app,
    FLEET_MAP_PATHS.devices,
    {
      tags,
      summary: 'Devices the caller may see with a position and a derived status, and counts by status',
      guard: view,
      answer: MapDevicesSchema,
      body: MapDevicesRequestSchema,
    },
    async (request) => ok(await map.devices(callerOf(request), request.body)),
  );

  postRoute(
    app,
    FLEET_MAP_PATHS.track,
    {
      tags,
      summary: "A device's positions over a time range, from its latitude and longitude variables",
      guard: view,
      answer: TrackSchema,
      body: TrackRequestSchema,
    },
    async (request) => ok(await map.track(callerOf(request), request.body)),
  );

  postRoute(
    app,
    FLEET_MAP_PATHS.refreshPosition,
    {
      tags,
      summary: "Sets a device's map position from its latest position values, within a daily quota",
      guard: app.allow('device.refreshPosition'),
      answer: PositionRefreshSchema,
      body: PositionRefreshRequestSchema,
    },
    async (request) => ok(await map.refreshPosition(callerOf(request), request.body)),
  );
}
