/**
 * The platform's HTTP API as a browser uses it: a session cookie kept across calls, the sign-in
 * fields sealed with the platform's RSA-OAEP key, every answer unwrapped from { code, message,
 * data } (anything but 200/201 throws with the code and message).
 */
import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { API_PREFIX, SESSION_COOKIE, SUCCESS_CODES } from '@lyyp/contracts';

export class ApiError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    message: string,
  ) {
    super(`${path} answered ${code}: ${message}`);
  }
}

export class PlatformApi {
  private session: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${this.baseUrl}${API_PREFIX}${path}`, {
      method,
      headers: {
        'accept-language': 'en-US',
        ...(this.session ? { cookie: `${SESSION_COOKIE}=${this.session}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name, value = ''] = pair.split('=');
      if (name === SESSION_COOKIE) this.session = value || null;
    }
    const answer = (await response.json()) as { code: string; message: string; data: T };
    if (!SUCCESS_CODES.includes(answer.code)) throw new ApiError(path, answer.code, answer.message);
    return answer.data;
  }

  post<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    return this.call<T>('POST', path, body);
  }

  /** A multipart upload of one file (field `file`), as the console's upload sends it. */
  async upload<T>(path: string, name: string, bytes: Buffer): Promise<T> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${this.baseUrl}${API_PREFIX}${path}`, {
      method: 'POST',
      headers: {
        'accept-language': 'en-US',
        ...(this.session ? { cookie: `${SESSION_COOKIE}=${this.session}` } : {}),
      },
      body: form,
    });
    const answer = (await response.json()) as { code: string; message: string; data: T };
    if (!SUCCESS_CODES.includes(answer.code)) throw new ApiError(path, answer.code, answer.message);
    return answer.data;
  }

  /** Signs in with account and password sealed as the browser seals them. */
  async signIn(account: string, password: string): Promise<void> {
    const key = await this.call<{ keyId: string; spki: string }>('GET', '/user/publicKey');
    const publicKey = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
    const seal = (value: string) =>
      publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(JSON.stringify({ v: value, ts: Date.now(), n: randomBytes(12).toString('hex') })),
      ).toString('base64');
    await this.post('/user/encrypt/login', {
      keyId: key.keyId,
      account: seal(account),
      password: seal(password),
    });
    if (!this.session) throw new Error('signed in, but no session cookie came back');
  }

  /**
   * Signs in with a one-time password staff gave and replaces it with `password` (the platform
   * holds such a session back until then); answers the password the account now has.
   */
  async chooseOwnPassword(account: string, oneTimePassword: string, password: string): Promise<string> {
    await this.signIn(account, oneTimePassword);
    await this.post('/account/firstPassword', { password, confirmPassword: password });
    return password;
  }
}
