/** §9 signal strength bands: 70-100 very good, 50-70 good, 30-50 fair, under 30 bad. */

export const SIGNAL_BANDS = [
  { key: 'very-good', min: 70, zh: '非常好', en: 'Very good' },
  { key: 'good', min: 50, zh: '良好', en: 'Good' },
  { key: 'fair', min: 30, zh: '一般', en: 'Fair' },
  { key: 'bad', min: 0, zh: '差', en: 'Bad' },
] as const;
export type SignalBand = (typeof SIGNAL_BANDS)[number]['key'] | 'unknown';

/** The band of a signal strength in percent; unknown when the gateway never reported one. */
export function signalBandOf(signal: number | null | undefined): SignalBand {
  if (signal === null || signal === undefined || !Number.isFinite(signal)) return 'unknown';
  return SIGNAL_BANDS.find((band) => signal >= band.min)?.key ?? 'bad';
}
