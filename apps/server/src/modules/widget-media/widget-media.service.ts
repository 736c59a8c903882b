/**
 * What the media widgets ask the platform for: the weather of a place (kept for a few minutes per
 * place, so a page of three weather widgets and many viewers costs the provider one call per place
 * and period), pan-tilt commands with the caller's camera cloud key, and that key itself.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  hintOfKey,
  type CameraControlBody,
  type CameraKeyAnswer,
  type CameraKeySaveBody,
  type WeatherAnswer,
  type WeatherBody,
  type WeatherConditions,
} from '@lyyp/contracts/widget-media';
import type { CameraAdapter } from './camera.adapter.ts';
import type { CameraKeyRepository } from './camera-key.repository.ts';
import type { WeatherProvider } from './weather.provider.ts';

/** How long one place's conditions are reused. */
export const WEATHER_CACHE_MS = 10 * 60_000;
const WEATHER_CACHE_MAX_PLACES = 1000;

export interface WidgetMediaServiceDeps {
  readonly weather: WeatherProvider;
  readonly camera: CameraAdapter;
  readonly keys: CameraKeyRepository;
  readonly now: () => number;
}

export class WidgetMediaService {
  private readonly weatherCache = new Map<string, { at: number; conditions: WeatherConditions }>();

  constructor(private readonly deps: WidgetMediaServiceDeps) {}

  async weather(place: WeatherBody): Promise<WeatherAnswer> {
    if (!this.deps.weather.configured) return { configured: false, conditions: null };
    if (!place.provinceId && !place.cityId && !place.countyId) throw new CatalogueError('2682');
    const cacheKey = `${place.provinceId}/${place.cityId}/${place.countyId}`;
    const now = this.deps.now();
    const cached = this.weatherCache.get(cacheKey);
    if (cached && now - cached.at < WEATHER_CACHE_MS)
      return { configured: true, conditions: cached.conditions };
    const conditions = await this.deps.weather.conditions(place);
    if (this.weatherCache.size >= WEATHER_CACHE_MAX_PLACES) this.weatherCache.clear();
    this.weatherCache.set(cacheKey, { at: now, conditions });
    return { configured: true, conditions };
  }

  async controlCamera(accountId: string, command: CameraControlBody): Promise<void> {
    if (!this.deps.camera.configured) throw new CatalogueError('2683');
    const key = await this.deps.keys.find(accountId);
    if (!key) throw new CatalogueError('2685');
    await this.deps.camera.control({ ...command, appKey: key.appKey, appSecret: key.appSecret });
  }

  async cameraKey(accountId: string): Promise<CameraKeyAnswer> {
    const key = await this.deps.keys.find(accountId);
    return key
      ? { associated: true, appKeyHint: hintOfKey(key.appKey), updatedAt: key.updatedAt.getTime() }
      : { associated: false, appKeyHint: '', updatedAt: null };
  }

  async saveCameraKey(accountId: string, body: CameraKeySaveBody): Promise<CameraKeyAnswer> {
    await this.deps.keys.save({
      accountId,
      appKey: body.appKey,
      appSecret: body.appSecret,
      updatedAt: new Date(this.deps.now()),
    });
    return this.cameraKey(accountId);
  }

  async deleteCameraKey(accountId: string): Promise<CameraKeyAnswer> {
    await this.deps.keys.delete(accountId);
    return this.cameraKey(accountId);
  }
}
