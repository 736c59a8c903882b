/**
 * Attaches a live stream to a `<video>`: HLS through hls.js (or natively where the browser plays
 * HLS itself), HTTP-FLV through mpegts.js. Each library is imported only when a page plays that
 * kind of stream, so pages without video never load either. Returns a function that detaches and
 * frees everything.
 */
import type { VideoSource } from './video-source.ts';

export type PlayerEvent = 'playing' | 'failed' | 'unsupported';

export async function attachStream(
  video: HTMLVideoElement,
  source: Extract<VideoSource, { url: string }>,
  onEvent: (event: PlayerEvent) => void,
): Promise<() => void> {
  const onPlaying = () => onEvent('playing');
  video.addEventListener('playing', onPlaying);
  video.muted = true;
  const detachListener = () => video.removeEventListener('playing', onPlaying);
  const start = () => void video.play().catch(() => undefined);

  if (source.kind === 'hls') {
    const { default: Hls } = await import('hls.js');
    if (Hls.isSupported()) {
      const hls = new Hls({ lowLatencyMode: true, backBufferLength: 30 });
      hls.on(Hls.Events.MANIFEST_PARSED, start);
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) onEvent('failed');
      });
      hls.loadSource(source.url);
      hls.attachMedia(video);
      return () => {
        detachListener();
        hls.destroy();
      };
    }
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = source.url;
      start();
      return () => {
        detachListener();
        video.removeAttribute('src');
        video.load();
      };
    }
    onEvent('unsupported');
    return detachListener;
  }

  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.getFeatureList().mseLivePlayback) {
    onEvent('unsupported');
    return detachListener;
  }
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url: source.url });
  player.on(mpegts.Events.ERROR, () => onEvent('failed'));
  player.attachMediaElement(video);
  player.load();
  start();
  return () => {
    detachListener();
    player.destroy();
  };
}
