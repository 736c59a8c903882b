/**
 * The weather widget: the title, the sky, the temperature and humidity of its place, in one of the
 * four theme colours. The editor shows a sample; a running page asks the platform, which says
 * plainly when no weather source is configured (offline sites).
 */
import { CloudOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@lyyp/contracts';
import type { WidgetDataOf } from '@lyyp/contracts/designer';
import type { WeatherBody } from '@lyyp/contracts/widget-media';
import { widgetMediaApi } from '../../api/widget-media.api.ts';
import type { WidgetRendererProps } from '../render-context.ts';
import styles from './media-widgets.module.css';
import { WEATHER_REFRESH_MS, WEATHER_THEMES, weatherPlaceOf } from './weather-view.ts';

interface CardContent {
  readonly title: string;
  /** A state in place of the conditions (no place, no source, loading, unavailable). */
  readonly state?: string;
  readonly temperature?: string;
  readonly sky?: string;
  readonly detail?: string;
  readonly observed?: string;
}

interface CardProps {
  readonly data: WidgetDataOf<'ComplexWeather'>;
  readonly width: number;
  readonly height: number;
  readonly content: CardContent;
}

function WeatherCard({ data, width, height, content }: CardProps) {
  const theme = WEATHER_THEMES[data.themeColor];
  const scale = Math.max(0.6, Math.min(width / 260, height / 120));
  return (
    <div
      className={styles.weather}
      data-weather-theme={data.themeColor}
      data-weather-state={content.state ? 'message' : 'conditions'}
      style={{ background: theme.background, color: theme.color, fontSize: 14 * scale }}
    >
      <CloudOutlined className={styles.weatherIcon} style={{ fontSize: 36 * scale }} />
      <div className={styles.weatherText}>
        {content.title && <div className={styles.weatherTitle}>{content.title}</div>}
        {content.state ? (
          <div className={styles.weatherState} style={{ color: theme.muted }}>
            {content.state}
          </div>
        ) : (
          <>
            <div>
              <span className={styles.weatherTemperature} style={{ fontSize: 26 * scale }}>
                {content.temperature}
              </span>{' '}
              <span>{content.sky}</span>
            </div>
            {content.detail && <div style={{ color: theme.muted }}>{content.detail}</div>}
            {content.observed && (
              <div style={{ color: theme.muted, fontSize: 11 * scale }}>{content.observed}</div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function LiveWeather({
  data,
  width,
  height,
  place,
  lng,
}: Omit<CardProps, 'content'> & { place: WeatherBody; lng: Locale }) {
  const { t } = useTranslation();
  const weather = useQuery({
    queryKey: ['widget-weather', place],
    queryFn: () => widgetMediaApi.weather(place),
    refetchInterval: WEATHER_REFRESH_MS,
    staleTime: WEATHER_REFRESH_MS,
    retry: false,
  });
  const conditions = weather.data?.conditions;
  let content: CardContent;
  if (weather.data && !weather.data.configured) {
    content = { title: data.title, state: t('widgetMedia.weather.notConfigured', { lng }) };
  } else if (conditions) {
    content = {
      title: data.title || conditions.place,
      temperature: conditions.temperature === null ? '--' : `${Math.round(conditions.temperature)}°C`,
      sky: conditions.text,
      detail: [
        conditions.humidity === null
          ? null
          : t('widgetMedia.weather.humidity', { lng, value: conditions.humidity }),
        conditions.wind || null,
      ]
        .filter(Boolean)
        .join(' · '),
      observed: t('widgetMedia.weather.observedAt', {
        lng,
        time: dayjs(conditions.observedAt).format('HH:mm'),
      }),
    };
  } else {
    const state = weather.isError ? 'unavailable' : 'loading';
    content = { title: data.title, state: t(`widgetMedia.weather.${state}`, { lng }) };
  }
  return <WeatherCard data={data} width={width} height={height} content={content} />;
}

export function WeatherWidget({ widget, width, height, runtime }: WidgetRendererProps<'ComplexWeather'>) {
  const { t } = useTranslation();
  const lng = runtime.locale;
  const data = widget.data;
  const place = weatherPlaceOf(data);
  if (runtime.mode === 'run' && place) {
    return <LiveWeather data={data} width={width} height={height} place={place} lng={lng} />;
  }
  const content: CardContent =
    runtime.mode === 'design'
      ? {
          title: data.title,
          temperature: '25°C',
          sky: t('widgetMedia.weather.sample', { lng }),
          detail: t('widgetMedia.weather.humidity', { lng, value: 40 }),
        }
      : { title: data.title, state: t('widgetMedia.weather.choosePlace', { lng }) };
  return <WeatherCard data={data} width={width} height={height} content={content} />;
}
