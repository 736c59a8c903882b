/** The fleet vocabulary (`@lyyp/contracts/fleet`): the map, track playback and position refresh. */
export * from './map.ts';
