/**
 * The video widget: a live camera stream (HLS or HTTP-FLV) and, when the camera pans and tilts,
 * direction buttons that send commands through the platform's camera adapter while pressed (a
 * release sends `stop`). The editor draws a dark frame with the buttons inert.
 */
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  VideoCameraOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { App } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraDirection } from '@lyyp/contracts/widget-media';
import { widgetMediaApi } from '../../api/widget-media.api.ts';
import { describeError } from '../../app/messages.ts';
import type { WidgetRendererProps } from '../render-context.ts';
import styles from './media-widgets.module.css';
import { attachStream, type PlayerEvent } from './stream-player.ts';
import { pickVideoSource } from './video-source.ts';

const PAN_TILT: ReadonlyArray<{
  direction: Exclude<CameraDirection, 'stop'>;
  icon: ReactNode;
  cell: string;
}> = [
  { direction: 'up', icon: <ArrowUpOutlined />, cell: '1 / 2' },
  { direction: 'left', icon: <ArrowLeftOutlined />, cell: '2 / 1' },
  { direction: 'right', icon: <ArrowRightOutlined />, cell: '2 / 3' },
  { direction: 'down', icon: <ArrowDownOutlined />, cell: '3 / 2' },
  { direction: 'zoomIn', icon: <ZoomInOutlined />, cell: '1 / 3' },
  { direction: 'zoomOut', icon: <ZoomOutOutlined />, cell: '3 / 3' },
];

type PlayerState = 'loading' | PlayerEvent;

export function VideoWidget({ widget, runtime }: WidgetRendererProps<'ComplexVideo'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lng = runtime.locale;
  const data = widget.data.dataAddon;
  const source = pickVideoSource(data);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const playing = runtime.mode === 'run' && (source.kind === 'hls' || source.kind === 'flv');
  const sourceKey = 'url' in source ? `${source.kind}:${source.url}` : source.kind;

  useEffect(() => {
    if (!playing || !video.current || !('url' in source)) return undefined;
    let detach: (() => void) | null = null;
    let cancelled = false;
    setState('loading');
    attachStream(video.current, source, (event) => !cancelled && setState(event))
      .then((free) => {
        if (cancelled) free();
        else detach = free;
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      detach?.();
    };
    // The stream is re-attached only when its address changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, sourceKey]);

  const control = (direction: CameraDirection) => {
    if (runtime.mode !== 'run') return;
    if (!data.serialNumber.trim()) {
      if (direction !== 'stop') void message.warning(t('widgetMedia.video.noSerial', { lng }));
      return;
    }
    widgetMediaApi
      .controlCamera({ serialNumber: data.serialNumber, channelNumber: data.channelNumber, direction })
      .catch((error: unknown) => void message.error(describeError(error, lng)));
  };

  let notice: string | null = null;
  if (runtime.mode === 'design') notice = null;
  else if (source.kind === 'none') notice = t('widgetMedia.video.noAddress', { lng });
  else if (source.kind === 'rtmp-only') notice = t('widgetMedia.video.rtmpOnly', { lng });
  else if (state === 'loading') notice = t('widgetMedia.video.loading', { lng });
  else if (state === 'failed') notice = t('widgetMedia.video.failed', { lng });
  else if (state === 'unsupported') notice = t('widgetMedia.video.unsupported', { lng });

  return (
    <div className={styles.video} data-video-source={source.kind} data-video-state={playing ? state : 'idle'}>
      {playing && <video ref={video} className={styles.videoElement} muted playsInline autoPlay />}
      {(runtime.mode === 'design' || notice) && (
        <div className={styles.videoMessage}>
          <VideoCameraOutlined />
          {notice && <span>{notice}</span>}
        </div>
      )}
      {data.PanTilt && (
        <div className={styles.panTilt} data-pan-tilt>
          {PAN_TILT.map(({ direction, icon, cell }) => (
            <button
              key={direction}
              type="button"
              className={styles.panTiltButton}
              style={{ gridArea: cell }}
              aria-label={t(`widgetMedia.video.${direction}`, { lng })}
              title={t(`widgetMedia.video.${direction}`, { lng })}
              disabled={runtime.mode !== 'run'}
              onPointerDown={(event) => {
                event.stopPropagation();
                control(direction);
              }}
              onPointerUp={() => control('stop')}
              onPointerCancel={() => control('stop')}
            >
              {icon}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
