/**
 * The video widget's pan-tilt buttons reach the camera through an adapter: an HTTP service of the
 * operator's choice (CAMERA_ADAPTER_URL, docs/operations.md) that speaks to the camera cloud with
 * the account's camera cloud key. Without one configured the buttons are refused with 2683.
 */
import { CatalogueError } from '@lyyp/contracts';
import type { CameraControlBody } from '@lyyp/contracts/widget-media';

export interface CameraCommand extends CameraControlBody {
  readonly appKey: string;
  readonly appSecret: string;
}

export interface CameraAdapter {
  readonly configured: boolean;
  control(command: CameraCommand): Promise<void>;
}

export const NO_CAMERA_ADAPTER: CameraAdapter = {
  configured: false,
  control: () => Promise.reject(new CatalogueError('2683')),
};

/** Posts the command as JSON to `<url>/ptz`; 2xx is done, 4xx a refusal with the adapter's reason. */
export class HttpCameraAdapter implements CameraAdapter {
  readonly configured = true;
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly request: typeof fetch = fetch,
  ) {}

  async control(command: CameraCommand): Promise<void> {
    let response: Response;
    try {
      response = await this.request(new URL('ptz', this.url.endsWith('/') ? this.url : `${this.url}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(command),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new CatalogueError('2684', undefined, { cause: error });
    }
    if (response.ok) return;
    if (response.status >= 400 && response.status < 500) {
      const reason = await response.text().catch(() => '');
      throw new CatalogueError('2686', { reason: reason.slice(0, 200) || String(response.status) });
    }
    throw new CatalogueError('2684', undefined, {
      cause: new Error(`camera adapter answered ${response.status}`),
    });
  }
}
