/** Playback of a track: play, pause, speed and a position the slider can move. */
import type { TrackPoint } from '@lyyp/contracts/fleet';
import { useEffect, useRef, useState } from 'react';
import { playbackIndex } from './map-markers.ts';

const TICK_MS = 100;

export function useTrackPlayback(points: readonly TrackPoint[]) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const start = useRef({ index: 0, at: 0 });

  // A new track starts again from its first point, paused.
  const [trackOf, setTrackOf] = useState(points);
  if (trackOf !== points) {
    setTrackOf(points);
    setIndex(0);
    setPlaying(false);
  }

  useEffect(() => {
    if (!playing) return;
    start.current = { index: index >= points.length - 1 ? 0 : index, at: performance.now() };
    const timer = window.setInterval(() => {
      const next = playbackIndex(points, start.current.index, performance.now() - start.current.at, speed);
      setIndex(next);
      if (next >= points.length - 1) setPlaying(false);
    }, TICK_MS);
    return () => window.clearInterval(timer);
    // Restarts from the current point when play, speed or the track change, not on every tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, speed, points]);

  return {
    index,
    playing,
    speed,
    play: () => setPlaying(points.length > 0),
    pause: () => setPlaying(false),
    setSpeed,
    seek: (next: number) => {
      setPlaying(false);
      setIndex(Math.max(0, Math.min(points.length - 1, next)));
    },
  };
}
