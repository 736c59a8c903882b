/**
 * The media widgets' API (`@lyyp/contracts/widget-media`): the weather widget's conditions from the
 * configured weather provider, and the video widget's pan-tilt commands to the configured camera
 * adapter with the account's camera cloud key. Paths, bodies and answers are written once here.
 */
import { z } from 'zod';

export const WIDGET_MEDIA_API_PATHS = {
  weather: '/widget/weather',
  cameraControl: '/widget/camera/control',
  cameraKey: '/account/camera-key',
  cameraKeySave: '/account/camera-key/save',
  cameraKeyDelete: '/account/camera-key/delete',
} as const;

const regionCode = z.string().trim().max(32);

/** Which place the weather widget shows: the most precise of county, city, province that is set. */
export const weatherBodySchema = z.object({
  provinceId: regionCode.default(''),
  cityId: regionCode.default(''),
  countyId: regionCode.default(''),
});
export type WeatherBody = z.infer<typeof weatherBodySchema>;

export const weatherConditionsSchema = z.object({
  /** The place as the provider names it. */
  place: z.string(),
  /** A short text of the sky (晴, Cloudy …) as the provider gives it. */
  text: z.string(),
  /** °C */
  temperature: z.number().nullable(),
  /** % */
  humidity: z.number().nullable(),
  wind: z.string(),
  /** When the provider observed it, epoch ms. */
  observedAt: z.number(),
});
export type WeatherConditions = z.infer<typeof weatherConditionsSchema>;

/** `configured: false` when the platform has no weather provider (offline sites). */
export const weatherAnswerSchema = z.object({
  configured: z.boolean(),
  conditions: weatherConditionsSchema.nullable(),
});
export type WeatherAnswer = z.infer<typeof weatherAnswerSchema>;

export const CAMERA_DIRECTIONS = ['up', 'down', 'left', 'right', 'zoomIn', 'zoomOut', 'stop'] as const;
export type CameraDirection = (typeof CAMERA_DIRECTIONS)[number];

export const CAMERA_SERIAL_MAX_LENGTH = 64;

export const cameraControlBodySchema = z.object({
  serialNumber: z.string().trim().min(1).max(CAMERA_SERIAL_MAX_LENGTH),
  channelNumber: z.coerce.number().int().min(1).max(256).default(1),
  direction: z.enum(CAMERA_DIRECTIONS),
});
export type CameraControlBody = z.infer<typeof cameraControlBodySchema>;

export const CAMERA_KEY_MAX_LENGTH = 128;

export const cameraKeySaveBodySchema = z.object({
  appKey: z.string().trim().min(1).max(CAMERA_KEY_MAX_LENGTH),
  appSecret: z.string().trim().min(1).max(CAMERA_KEY_MAX_LENGTH),
});
export type CameraKeySaveBody = z.infer<typeof cameraKeySaveBodySchema>;

/** The stored key as shown back: never the secret, and the key only by its last four characters. */
export const cameraKeyAnswerSchema = z.object({
  associated: z.boolean(),
  appKeyHint: z.string(),
  updatedAt: z.number().nullable(),
});
export type CameraKeyAnswer = z.infer<typeof cameraKeyAnswerSchema>;

/** How a stored key is shown: `••••` and its last four characters. */
export function hintOfKey(appKey: string): string {
  return appKey.length <= 4 ? '••••' : `••••${appKey.slice(-4)}`;
}
