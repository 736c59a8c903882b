import { describe, expect, it } from 'vitest';
import { MAP_DEVICE_STATUSES, MAP_STATUS_COLOURS, guessPositionVariables } from './map.ts';

describe('fleet map vocabulary', () => {
  it('has a colour for every status', () => {
    expect(Object.keys(MAP_STATUS_COLOURS).sort()).toEqual([...MAP_DEVICE_STATUSES].sort());
  });

  it('guesses the position variables by key or name', () => {
    expect(
      guessPositionVariables([
        { key: 'temp', name: 'Temperature' },
        { key: 'gps_lat', name: 'x' },
        { key: 'v2', name: '经度' },
      ]),
    ).toEqual({ latitudeKey: 'gps_lat', longitudeKey: 'v2' });
    expect(guessPositionVariables([{ key: 'plateau', name: 'along' }])).toEqual({
      latitudeKey: null,
      longitudeKey: null,
    });
  });
});
