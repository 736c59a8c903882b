/**
 * Typed calls of the media widgets (`@lyyp/contracts/widget-media`): the weather widget's
 * conditions, the video widget's pan-tilt commands and the account's camera cloud key.
 */
import {
  WIDGET_MEDIA_API_PATHS as PATHS,
  type CameraControlBody,
  type CameraKeyAnswer,
  type CameraKeySaveBody,
  type WeatherAnswer,
  type WeatherBody,
} from '@lyyp/contracts/widget-media';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export function createWidgetMediaApi(client: ApiClient) {
  return {
    weather: (place: WeatherBody) => client.post<WeatherAnswer>(PATHS.weather, place),
    controlCamera: (command: CameraControlBody) => client.post<null>(PATHS.cameraControl, command),
    cameraKey: () => client.post<CameraKeyAnswer>(PATHS.cameraKey, {}),
    saveCameraKey: (body: CameraKeySaveBody) => client.post<CameraKeyAnswer>(PATHS.cameraKeySave, body),
    deleteCameraKey: () => client.post<CameraKeyAnswer>(PATHS.cameraKeyDelete, {}),
  };
}

export type WidgetMediaApi = ReturnType<typeof createWidgetMediaApi>;

export const widgetMediaApi = createWidgetMediaApi(apiClient);
