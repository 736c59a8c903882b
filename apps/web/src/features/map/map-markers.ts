/**
 * Marker rules of every map in the console, kept free of Leaflet so they are tested in Node: the
 * colour of a status, which status a cluster shows (the most urgent of its members), the bounds a
 * map opens on, and the playback clock of a track.
 */
import { MAP_DEVICE_STATUSES, MAP_STATUS_COLOURS, type MapDeviceStatus } from '@lyyp/contracts/fleet';

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  status: MapDeviceStatus;
  title: string;
}

/** Most urgent first: a cluster holding one alarm shows red. */
const URGENCY: readonly MapDeviceStatus[] = ['alarm', 'offline', 'power-off', 'dormant', 'online'];

export function clusterStatusOf(statuses: Iterable<MapDeviceStatus>): MapDeviceStatus {
  let best = URGENCY.length - 1;
  for (const status of statuses) best = Math.min(best, URGENCY.indexOf(status));
  return URGENCY[best]!;
}

export function statusColour(status: MapDeviceStatus): string {
  return MAP_STATUS_COLOURS[status];
}

export const STATUS_ORDER: readonly MapDeviceStatus[] = MAP_DEVICE_STATUSES;

/** South-west and north-east corners around the markers, or null when there are none. */
export function boundsOf(
  points: ReadonlyArray<{ lat: number; lng: number }>,
): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const { lat, lng } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/**
 * The point shown after `elapsedMs` of playback at `speed`: playback walks the track's own times,
 * one second of playback covering `speed` × the track's average step, so a track of any length
 * plays through in `points / speed` seconds at most.
 */
export function playbackIndex(
  points: ReadonlyArray<{ t: number }>,
  startIndex: number,
  elapsedMs: number,
  speed: number,
): number {
  if (points.length === 0) return 0;
  const advanced = startIndex + Math.floor((elapsedMs / 1000) * speed);
  return Math.min(points.length - 1, Math.max(0, advanced));
}
