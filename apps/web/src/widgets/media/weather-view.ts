/**
 * The weather widget's look and what it asks for, without React: the four theme colours (§3
 * themeColor) and the place a widget names (the most precise of county, city and province).
 */
import type { WidgetDataOf } from '@lyyp/contracts/designer';
import type { WeatherBody } from '@lyyp/contracts/widget-media';

type WeatherData = WidgetDataOf<'ComplexWeather'>;
export type WeatherTheme = WeatherData['themeColor'];

export const WEATHER_THEMES: Readonly<
  Record<WeatherTheme, { background: string; color: string; muted: string }>
> = {
  white: { background: '#ffffff', color: '#1f1f1f', muted: '#8c8c8c' },
  blue: { background: '#1677ff', color: '#ffffff', muted: 'rgba(255,255,255,0.75)' },
  orange: { background: '#fa8c16', color: '#ffffff', muted: 'rgba(255,255,255,0.8)' },
  yellow: { background: '#fadb14', color: '#3d3000', muted: 'rgba(61,48,0,0.7)' },
};

/** The place to ask about, or null when the widget names none. */
export function weatherPlaceOf(data: WeatherData): WeatherBody | null {
  const place = {
    provinceId: data.provinceId.trim(),
    cityId: data.cityId.trim(),
    countyId: data.countyId.trim(),
  };
  return place.provinceId || place.cityId || place.countyId ? place : null;
}

/** How often a running page asks again (the server keeps each place's answer ten minutes). */
export const WEATHER_REFRESH_MS = 10 * 60_000;
