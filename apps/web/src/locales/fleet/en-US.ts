/** English texts of the map, track playback and the map widget; the type makes every Chinese key required here. */
import type { fleetZhCN } from './zh-CN.ts';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

export const fleetEnUS: Texts<typeof fleetZhCN> = {
  status: {
    alarm: 'Alarm',
    online: 'Online',
    offline: 'Offline',
    dormant: 'Dormant',
    'power-off': 'Power off',
  },
  map: {
    keyword: 'Device name or SN',
    allStatuses: 'All statuses',
    located: '{{located}} on the map / {{total}} devices',
    noDevices: 'No device with a position',
    plain: 'No map server configured: plain background',
    reload: 'Reload',
    openDevice: 'Open device',
    address: 'Address',
    position: 'Position',
    close: 'Close',
  },
  track: {
    chooseVariable: 'Choose a variable',
    title: 'Track playback',
    latitude: 'Latitude variable',
    longitude: 'Longitude variable',
    range: 'Time range',
    load: 'Show track',
    play: 'Play',
    pause: 'Pause',
    speed: 'Speed',
    points: '{{count}} points',
    thinned: 'Many points: evenly thinned',
    empty: 'No positions in this time range',
    noVariables: 'The device has no variables to read a position from',
  },
  refresh: {
    button: 'Refresh position',
    done: 'Position updated; {{remaining}} refreshes left today',
    quota: '{{quota}} manual refreshes per device a day',
  },
  widget: {
    chooseDevices: 'Every visible device',
    summary: 'Online {{online}} / {{total}}',
  },
};
