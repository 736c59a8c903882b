/**
 * Which address the video widget plays: HLS first (hls.js, or the browser itself where it plays HLS
 * natively), then HTTP-FLV (mpegts.js). Both pass the shared URL rule again as they are used; RTMP
 * is kept for media servers and never opened by the browser.
 */
import type { WidgetDataOf } from '@lyyp/contracts/designer';
import { safeUrlOrNull } from '@lyyp/contracts';

type VideoData = WidgetDataOf<'ComplexVideo'>['dataAddon'];

export type VideoSource =
  | { readonly kind: 'hls'; readonly url: string }
  | { readonly kind: 'flv'; readonly url: string }
  | { readonly kind: 'rtmp-only' }
  | { readonly kind: 'none' };

export function pickVideoSource(data: VideoData): VideoSource {
  const hls = data.hlsReserve.trim() ? safeUrlOrNull(data.hlsReserve.trim()) : null;
  if (hls) return { kind: 'hls', url: hls };
  const flv = data.flvReserve.trim() ? safeUrlOrNull(data.flvReserve.trim()) : null;
  if (flv) return { kind: 'flv', url: flv };
  return data.rtmpReserve.trim() ? { kind: 'rtmp-only' } : { kind: 'none' };
}
