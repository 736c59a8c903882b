/**
 * Tick marks of the rulers: page coordinates along a ruler whose first pixel shows page unit
 * `start`, at the current zoom. The spacing grows with zoom-out so labels never crowd (at least
 * `minSpacingPx` apart), always a 1, 2 or 5 times a power of ten.
 */
export interface RulerTick {
  /** Pixels from the ruler's start. */
  readonly offset: number;
  /** Page coordinate. */
  readonly value: number;
  /** Labelled tick; minor ticks sit between labelled ones. */
  readonly major: boolean;
}

export function chooseTickStep(zoom: number, minSpacingPx = 60): number {
  const raw = minSpacingPx / zoom;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (power * factor >= raw) return power * factor;
  }
  return power * 10;
}

export function computeRulerTicks(
  start: number,
  lengthPx: number,
  zoom: number,
  minSpacingPx = 60,
): RulerTick[] {
  if (lengthPx <= 0 || zoom <= 0) return [];
  const step = chooseTickStep(zoom, minSpacingPx);
  const minor = step / 5;
  const end = start + lengthPx / zoom;
  const ticks: RulerTick[] = [];
  for (let value = Math.ceil(start / minor) * minor; value <= end; value += minor) {
    const rounded = Math.round(value * 1000) / 1000;
    const index = Math.round(rounded / minor);
    ticks.push({ offset: (rounded - start) * zoom, value: rounded, major: index % 5 === 0 });
  }
  return ticks;
}
