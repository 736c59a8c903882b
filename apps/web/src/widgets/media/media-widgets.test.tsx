import '../../app/i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LeafWidgetType, WidgetOf } from '@lyyp/contracts/designer';
import { createSequentialDeps, createWidget, getWidgetDefinition } from '@lyyp/designer-core';
import { createDesignRuntime, type WidgetRuntime } from '../render-context.ts';
import { WidgetView } from '../WidgetView.tsx';
import { pickVideoSource } from './video-source.ts';
import { WEATHER_THEMES, weatherPlaceOf } from './weather-view.ts';

const newWidget = <T extends LeafWidgetType>(type: T): WidgetOf<T> =>
  createWidget<T>(type, { x: 0, y: 0, width: 260, height: 120 }, createSequentialDeps());

const runtimeOf = (locale: 'zh-CN' | 'en-US'): WidgetRuntime => ({
  ...createDesignRuntime(locale),
  mode: 'run',
});

function draw(widget: WidgetOf<LeafWidgetType>, runtime: WidgetRuntime, client = new QueryClient()) {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <WidgetView widget={widget} runtime={runtime} />
    </QueryClientProvider>,
  );
}

describe('weather widget', () => {
  it('starts with the §3 defaults and a panel for the place, title and the four theme colours', () => {
    const widget = newWidget('ComplexWeather');
    expect(widget.data).toEqual({ provinceId: '', cityId: '', countyId: '', title: '', themeColor: 'white' });
    const panel = getWidgetDefinition('ComplexWeather').properties.map((property) => property.key);
    expect(panel).toEqual(
      expect.arrayContaining([
        'data.provinceId',
        'data.cityId',
        'data.countyId',
        'data.title',
        'data.themeColor',
      ]),
    );
    const theme = getWidgetDefinition('ComplexWeather').properties.find((p) => p.key === 'data.themeColor');
    expect(theme?.options?.map((option) => option.value)).toEqual(['white', 'blue', 'orange', 'yellow']);
  });

  it('draws a sample in the editor in its theme colour', () => {
    const widget = {
      ...newWidget('ComplexWeather'),
      data: { ...newWidget('ComplexWeather').data, themeColor: 'blue' as const },
    };
    const markup = draw(widget, createDesignRuntime('zh-CN'));
    expect(markup).toContain('data-weather-theme="blue"');
    expect(markup).toContain(`background:${WEATHER_THEMES.blue.background}`);
    expect(markup).toContain('晴');
  });

  it('asks for a place on a running page until one is set', () => {
    const markup = draw(newWidget('ComplexWeather'), runtimeOf('en-US'));
    expect(markup).toContain('Choose a province, city or county in the properties');
  });

  it('says no weather source is configured, and shows conditions when there are some', () => {
    const base = newWidget('ComplexWeather');
    const widget = { ...base, data: { ...base.data, cityId: '1101', title: 'Plant 2' } };
    const place = weatherPlaceOf(widget.data);
    expect(place).toEqual({ provinceId: '', cityId: '1101', countyId: '' });

    const offline = new QueryClient();
    offline.setQueryData(['widget-weather', place], { configured: false, conditions: null });
    expect(draw(widget, runtimeOf('en-US'), offline)).toContain('No weather source configured');
    expect(draw(widget, runtimeOf('zh-CN'), offline)).toContain('未配置天气数据源');

    const online = new QueryClient();
    online.setQueryData(['widget-weather', place], {
      configured: true,
      conditions: {
        place: 'Haidian',
        text: 'Cloudy',
        temperature: 18.6,
        humidity: 55,
        wind: 'N 2',
        observedAt: 0,
      },
    });
    const markup = draw(widget, runtimeOf('en-US'), online);
    expect(markup).toContain('Plant 2');
    expect(markup).toContain('19°C');
    expect(markup).toContain('Cloudy');
    expect(markup).toContain('Humidity 55%');
  });
});

describe('video widget', () => {
  it('starts with the §3 defaults (stream, no pan-tilt, channel 1, three empty addresses)', () => {
    expect(newWidget('ComplexVideo').data).toEqual({
      dataAddon: {
        type: 'stream',
        PanTilt: false,
        serialNumber: '',
        channelNumber: 1,
        flvReserve: '',
        hlsReserve: '',
        rtmpReserve: '',
      },
    });
    const panel = getWidgetDefinition('ComplexVideo').properties.map((property) => property.key);
    expect(panel).toEqual(
      expect.arrayContaining([
        'data.dataAddon.serialNumber',
        'data.dataAddon.channelNumber',
        'data.dataAddon.PanTilt',
        'data.dataAddon.flvReserve',
        'data.dataAddon.hlsReserve',
        'data.dataAddon.rtmpReserve',
      ]),
    );
  });

  const addresses = (hls: string, flv: string, rtmp = '') => ({
    ...newWidget('ComplexVideo').data.dataAddon,
    hlsReserve: hls,
    flvReserve: flv,
    rtmpReserve: rtmp,
  });

  it('plays HLS first, then HTTP-FLV, and never an address the URL rule refuses', () => {
    expect(pickVideoSource(addresses('/live/cam.m3u8', 'http://cam/live.flv'))).toEqual({
      kind: 'hls',
      url: '/live/cam.m3u8',
    });
    expect(pickVideoSource(addresses('', 'http://cam/live.flv'))).toEqual({
      kind: 'flv',
      url: 'http://cam/live.flv',
    });
    expect(pickVideoSource(addresses('javascript:alert(1)', ''))).toEqual({ kind: 'none' });
    expect(pickVideoSource(addresses('javascript:alert(1)', 'https://cam/a.flv'))).toEqual({
      kind: 'flv',
      url: 'https://cam/a.flv',
    });
    expect(pickVideoSource(addresses('', '', 'rtmp://cam/live'))).toEqual({ kind: 'rtmp-only' });
  });

  it('tells the viewer what is missing, and shows inert pan-tilt buttons in the editor', () => {
    const base = newWidget('ComplexVideo');
    expect(draw(base, runtimeOf('en-US'))).toContain('No HLS or FLV address set');
    const rtmp = { ...base, data: { dataAddon: addresses('', '', 'rtmp://cam/live') } };
    expect(draw(rtmp, runtimeOf('zh-CN'))).toContain('浏览器无法直接播放 RTMP');
    const panTilt = { ...base, data: { dataAddon: { ...base.data.dataAddon, PanTilt: true } } };
    const design = draw(panTilt, createDesignRuntime('en-US'));
    expect(design).toContain('data-pan-tilt');
    expect(design.match(/<button[^>]*disabled/g)).toHaveLength(6);
    expect(design).toContain('aria-label="Zoom in"');
  });
});
