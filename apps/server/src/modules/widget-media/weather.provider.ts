/**
 * Where the weather widget's conditions come from. Without a configured provider the platform says
 * so (`configured: false`) and the widget shows "no weather source configured"; nothing is fetched
 * from the internet by default. The HTTP provider asks an operator-chosen service (see
 * docs/operations.md, WEATHER_PROVIDER_URL) and reads its JSON answer.
 */
import { z } from 'zod';
import { CatalogueError } from '@lyyp/contracts';
import type { WeatherBody, WeatherConditions } from '@lyyp/contracts/widget-media';

export interface WeatherProvider {
  readonly configured: boolean;
  conditions(place: WeatherBody): Promise<WeatherConditions>;
}

export const NO_WEATHER_PROVIDER: WeatherProvider = {
  configured: false,
  conditions: () => Promise.reject(new CatalogueError('2681')),
};

/** What the provider answers; extra fields are ignored, missing ones shown as unknown. */
const providerAnswerSchema = z.object({
  place: z.string().max(100).optional(),
  text: z.string().max(100).optional(),
  temperature: z.coerce.number().finite().nullable().optional(),
  humidity: z.coerce.number().finite().nullable().optional(),
  wind: z.string().max(100).optional(),
  observedAt: z.coerce.number().int().nonnegative().optional(),
});

export interface HttpWeatherProviderOptions {
  readonly url: string;
  /** Sent as a bearer token; a secret, never logged. */
  readonly token: string | undefined;
  readonly timeoutMs: number;
  readonly now: () => number;
  readonly fetch?: typeof fetch;
}

/** `GET <url>?province=&city=&county=` answering `{ place, text, temperature, humidity, wind, observedAt }`. */
export class HttpWeatherProvider implements WeatherProvider {
  readonly configured = true;
  constructor(private readonly options: HttpWeatherProviderOptions) {}

  async conditions(place: WeatherBody): Promise<WeatherConditions> {
    const url = new URL(this.options.url);
    url.searchParams.set('province', place.provinceId);
    url.searchParams.set('city', place.cityId);
    url.searchParams.set('county', place.countyId);
    const request = this.options.fetch ?? fetch;
    let body: unknown;
    try {
      const response = await request(url, {
        headers: {
          accept: 'application/json',
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) throw new Error(`weather provider answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new CatalogueError('2681', undefined, { cause: error });
    }
    const parsed = providerAnswerSchema.safeParse(body);
    if (!parsed.success) throw new CatalogueError('2681', undefined, { cause: parsed.error });
    const answer = parsed.data;
    return {
      place: answer.place ?? (place.countyId || place.cityId || place.provinceId),
      text: answer.text ?? '',
      temperature: answer.temperature ?? null,
      humidity: answer.humidity ?? null,
      wind: answer.wind ?? '',
      observedAt: answer.observedAt ?? this.options.now(),
    };
  }
}
