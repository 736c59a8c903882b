/**
 * The fleet map (`/lyyp/developer/equipment/map*`): devices with a position and a derived status,
 * track playback of a device's positions from its GPS (or base-station) variables, and the manual
 * position refresh with its daily quota. The platform's map settings (tile server) are one small
 * answer the console reads before it draws any map.
 */
import { z } from 'zod';
import { GATEWAY_STATUSES } from '../protocol/payloads.ts';
import { epochMsInput, idField } from '../api/common.ts';
import { IDENTIFIER_MAX_LENGTH } from '../device-model/issues.ts';

export const FLEET_MAP_PATHS = {
  settings: '/platform/map-settings',
  devices: '/equipment/map',
  track: '/equipment/track',
  refreshPosition: '/equipment/position/refresh',
} as const;

/** Map status: the gateway's status, or `alarm` while an online device has an active variable alarm. */
export const MAP_DEVICE_STATUSES = ['alarm', ...GATEWAY_STATUSES] as const;
export type MapDeviceStatus = (typeof MAP_DEVICE_STATUSES)[number];

/** Marker colours by status, shared by the map screen and the designer's map widget. */
export const MAP_STATUS_COLOURS: Record<MapDeviceStatus, string> = {
  alarm: '#f5222d',
  online: '#52c41a',
  offline: '#8c8c8c',
  dormant: '#faad14',
  'power-off': '#595959',
};

/** Zoom a map opens at when nothing else says (§9: the map widget's default zoom). */
export const MAP_DEFAULT_ZOOM = 12;
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 18;

/** Manual position refreshes each account may make per day and device (§9: a quota, value ours). */
export const POSITION_REFRESH_DAILY_QUOTA = 10;
/** Points a track answer carries at most; longer ranges are thinned evenly. */
export const TRACK_POINTS_MAX = 5_000;
/** Days a track may cover at most. */
export const TRACK_RANGE_DAYS_MAX = 31;
/** Playback speeds the console offers (points advanced per tick multiplier). */
export const TRACK_PLAYBACK_SPEEDS = [1, 2, 4, 8, 16] as const;

// Settings

export const MapSettingsSchema = z.object({
  /** Leaflet tile URL template (`{z}/{x}/{y}`), or null: the map draws on a plain background. */
  tileUrl: z.string().nullable(),
  attribution: z.string().nullable(),
  maxZoom: z.number().int(),
  positionRefreshDailyQuota: z.number().int(),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

// Devices on the map

export const MapDevicesRequestSchema = z.object({
  /** Part of the device name or the gateway SN. */
  keyword: z.string().trim().max(50).optional(),
  groupName: z.string().max(50).optional(),
  status: z.enum(MAP_DEVICE_STATUSES).optional(),
});
export type MapDevicesRequest = z.input<typeof MapDevicesRequestSchema>;

/** One marker: kept small, a map may hold 10,000 of them. */
export const MapDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  status: z.enum(MAP_DEVICE_STATUSES),
  address: z.string().nullable(),
  shared: z.boolean(),
});
export type MapDevice = z.infer<typeof MapDeviceSchema>;

export const MapDevicesSchema = z.object({
  list: z.array(MapDeviceSchema),
  /** Devices the caller may see that match the filter, with or without a position. */
  total: z.number().int(),
  /** Of those, the devices with a position (on the map). */
  located: z.number().int(),
  counts: z.record(z.enum(MAP_DEVICE_STATUSES), z.number().int()),
});
export type MapDevices = z.infer<typeof MapDevicesSchema>;

// Track playback

const variableKey = z.string().trim().min(1).max(IDENTIFIER_MAX_LENGTH);

/** The two variables a device's position is read from (GPS or base-station positioning). */
export const PositionVariablesSchema = z.object({
  latitudeKey: variableKey,
  longitudeKey: variableKey,
});

export const TrackRequestSchema = PositionVariablesSchema.extend({
  id: idField,
  start: epochMsInput,
  end: epochMsInput,
});
export type TrackRequest = z.input<typeof TrackRequestSchema>;

export const TrackPointSchema = z.object({ t: z.number(), lat: z.number(), lng: z.number() });
export type TrackPoint = z.infer<typeof TrackPointSchema>;

export const TrackSchema = z.object({
  points: z.array(TrackPointSchema),
  /** Whether the range held more points than an answer carries (evenly thinned). */
  thinned: z.boolean(),
});
export type Track = z.infer<typeof TrackSchema>;

// Manual position refresh

export const PositionRefreshRequestSchema = PositionVariablesSchema.extend({ id: idField });
export type PositionRefreshRequest = z.input<typeof PositionRefreshRequestSchema>;

export const PositionRefreshSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** When the position was measured (the variables' latest time). */
  at: z.string(),
  /** Refreshes left today for this device. */
  remaining: z.number().int(),
});
export type PositionRefresh = z.infer<typeof PositionRefreshSchema>;

/**
 * Guesses the position variables of a model by their keys or names (lat / latitude / 纬度,
 * lng / lon / longitude / 经度), for the screens' first choice; a person can pick others.
 */
export function guessPositionVariables(variables: ReadonlyArray<{ key: string; name: string }>): {
  latitudeKey: string | null;
  longitudeKey: string | null;
} {
  const find = (pattern: RegExp) =>
    variables.find((variable) => pattern.test(variable.key) || pattern.test(variable.name))?.key ?? null;
  return {
    latitudeKey: find(/(^|[^a-z])lat(itude)?([^a-z]|$)|纬度/i),
    longitudeKey: find(/(^|[^a-z])(lng|lon|long|longitude)([^a-z]|$)|经度/i),
  };
}
