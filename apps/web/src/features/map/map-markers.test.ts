import { describe, expect, it } from 'vitest';
import { boundsOf, clusterStatusOf, playbackIndex, statusColour } from './map-markers.ts';

describe('map markers', () => {
  it('shows a cluster in the status of its most urgent member', () => {
    expect(clusterStatusOf(['online', 'alarm', 'offline'])).toBe('alarm');
    expect(clusterStatusOf(['online', 'dormant'])).toBe('dormant');
    expect(clusterStatusOf(['online', 'online'])).toBe('online');
    expect(statusColour('alarm')).not.toBe(statusColour('online'));
  });

  it('opens on the bounds of its markers', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { lat: 31, lng: 121 },
        { lat: 39.9, lng: 116.4 },
      ]),
    ).toEqual([
      [31, 116.4],
      [39.9, 121],
    ]);
  });

  it('advances playback by speed and stops at the last point', () => {
    const points = Array.from({ length: 10 }, (_, t) => ({ t }));
    expect(playbackIndex(points, 0, 0, 1)).toBe(0);
    expect(playbackIndex(points, 0, 3000, 1)).toBe(3);
    expect(playbackIndex(points, 2, 1000, 4)).toBe(6);
    expect(playbackIndex(points, 0, 60_000, 16)).toBe(9);
    expect(playbackIndex([], 0, 1000, 1)).toBe(0);
  });
});
