/**
 * §9 signal strength bands as the operations centre counts them: the gateway rule's bands
 * (`gateway/rules.ts`, the one source), plus "unknown" for a gateway that never reported one.
 */
import {
  SIGNAL_BANDS as GATEWAY_SIGNAL_BANDS,
  signalBandOf as gatewaySignalBandOf,
} from '../gateway/rules.ts';

export const SIGNAL_BANDS = GATEWAY_SIGNAL_BANDS.map((band) => ({
  key: band.id,
  min: band.min,
  zh: band.zh,
  en: band.en,
}));
export type SignalBand = (typeof GATEWAY_SIGNAL_BANDS)[number]['id'] | 'unknown';

/** The band of a signal strength in percent; unknown when the gateway never reported one. */
export function signalBandOf(signal: number | null | undefined): SignalBand {
  if (signal === null || signal === undefined || !Number.isFinite(signal)) return 'unknown';
  return gatewaySignalBandOf(signal) ?? 'unknown';
}
