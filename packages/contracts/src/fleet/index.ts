/**
 * The fleet vocabulary (`@lyyp/contracts/fleet`): the map, track playback and position refresh,
 * the device list in bulk and device sharing.
 */
export * from './map.ts';
export * from './bulk.ts';
export * from './share.ts';
