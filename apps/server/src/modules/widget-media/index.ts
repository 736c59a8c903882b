/**
 * The media widgets' module assembled: the weather provider and camera adapter chosen by the
 * configuration (none by default: offline sites show "no weather source configured"), the camera
 * key store, the service and its paths.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { HttpCameraAdapter, NO_CAMERA_ADAPTER, type CameraAdapter } from './camera.adapter.ts';
import { CameraKeyRepository } from './camera-key.repository.ts';
import { HttpWeatherProvider, NO_WEATHER_PROVIDER, type WeatherProvider } from './weather.provider.ts';
import { registerWidgetMediaRoutes } from './widget-media.routes.ts';
import { WidgetMediaService } from './widget-media.service.ts';

export interface WidgetMediaModuleDeps {
  readonly db: Database;
  readonly config: Pick<Config, 'widgetMedia'>;
  readonly now: () => number;
}

export function createWidgetMediaModule(deps: WidgetMediaModuleDeps) {
  const settings = deps.config.widgetMedia;
  const weather: WeatherProvider = settings.weatherUrl
    ? new HttpWeatherProvider({
        url: settings.weatherUrl,
        token: settings.weatherToken,
        timeoutMs: settings.timeoutMs,
        now: deps.now,
      })
    : NO_WEATHER_PROVIDER;
  const camera: CameraAdapter = settings.cameraUrl
    ? new HttpCameraAdapter(settings.cameraUrl, settings.timeoutMs)
    : NO_CAMERA_ADAPTER;
  const service = new WidgetMediaService({
    weather,
    camera,
    keys: new CameraKeyRepository(deps.db),
    now: deps.now,
  });
  return {
    service,
    registerRoutes(api: FastifyInstance) {
      registerWidgetMediaRoutes(api, service);
    },
  };
}
