import type { Locale } from '@lyyp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthApi } from './auth.api.ts';
import { ApiError, createApiClient, encodeForm, type ApiClientDependencies } from './client.ts';

interface Recorded {
  url: string;
  init: RequestInit;
}

/** The form fields a recorded request sent. */
function sentForm(request: Recorded | undefined): URLSearchParams {
  const body = request?.init.body;
  if (typeof body !== 'string') throw new Error('expected a form-encoded body');
  return new URLSearchParams(body);
}

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setUp(respond: (request: Recorded) => Promise<Response> | Response, locale: Locale = 'zh-CN') {
  const requests: Recorded[] = [];
  const navigate = vi.fn<(path: string) => void>();
  const clearSession = vi.fn<() => void>();
  let currentLocale = locale;
  const dependencies: ApiClientDependencies = {
    fetch: (url, init) => {
      const request = { url, init };
      requests.push(request);
      return Promise.resolve(respond(request));
    },
    navigate,
    clearSession,
    getLocale: () => currentLocale,
  };
  return {
    client: createApiClient(dependencies),
    requests,
    navigate,
    clearSession,
    setLocale: (next: Locale) => {
      currentLocale = next;
    },
  };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('answers', () => {
  it('resolves with data for code 200 and 201', async () => {
    const { client } = setUp(({ url }) =>
      answer({ code: url.endsWith('/a') ? '200' : '201', message: 'ok', data: { n: 1 } }),
    );
    await expect(client.get('/a')).resolves.toEqual({ n: 1 });
    await expect(client.post('/b')).resolves.toEqual({ n: 1 });
  });

  it('rejects any other code with the catalogue text in the current language, and the blamed field', async () => {
    const { client, setLocale } = setUp(() =>
      answer({ code: '1101', message: 'server text', data: { field: 'password' } }, 400),
    );
    const chinese = await rejectionOf(client.post('/user/encrypt/login', {}));
    expect(chinese).toMatchObject({ code: '1101', message: '用户名或密码不正确', field: 'password' });

    setLocale('en-US');
    const english = await rejectionOf(client.post('/user/encrypt/login', {}));
    expect(english.message).toBe('Incorrect username or password');
  });

  it('fills catalogue placeholders from the error data', async () => {
    const { client } = setUp(
      () => answer({ code: '1126', message: '', data: { seconds: 42 } }, 429),
      'en-US',
    );
    const error = await rejectionOf(client.post('/user/sendSmsCode'));
    expect(error.message).toBe('You can send again in 42 s');
  });

  it('shows a code outside the catalogue as a communication error with that code', async () => {
    const { client } = setUp(() => answer({ code: 4242, message: 'odd', data: null }), 'en-US');
    const error = await rejectionOf(client.get('/x'));
    expect(error).toMatchObject({ code: '4242', message: 'Communication error (4242)' });
  });

  it('turns a body that is not an envelope (a proxy error page) into a communication error', async () => {
    const { client } = setUp(() => new Response('<html>Bad gateway</html>', { status: 502 }), 'en-US');
    const error = await rejectionOf(client.get('/x'));
    expect(error.message).toBe('Communication error (502)');
  });
});

describe('session end', () => {
  it.each(['1010', '1006', '1206'])('code %s clears the session and goes to /login', async (code) => {
    const { client, navigate, clearSession } = setUp(() => answer({ code, message: '', data: null }, 401));
    const error = await rejectionOf(client.get('/account/info'));
    expect(error.code).toBe(code);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('lets the caller keep control of navigation while still clearing the session', async () => {
    const { client, navigate, clearSession } = setUp(() =>
      answer({ code: '1010', message: '', data: null }, 401),
    );
    await rejectionOf(client.get('/account/info', undefined, { redirectOnSessionEnd: false }));
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the session alone on ordinary errors', async () => {
    const { client, navigate, clearSession } = setUp(() =>
      answer({ code: '1101', message: '', data: null }, 400),
    );
    await rejectionOf(client.post('/user/encrypt/login'));
    expect(clearSession).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('transport failures', () => {
  it('reports an unreachable server as 1605', async () => {
    const { client } = setUp(() => Promise.reject(new TypeError('Failed to fetch')), 'en-US');
    const error = await rejectionOf(client.get('/x'));
    expect(error).toMatchObject({ code: '1605', message: 'Network connection failed, check your network' });
  });

  it('aborts a request that outlives the timeout and reports 1606', async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    const { client } = setUp(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          seenSignal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejectionOf(client.get('/slow'));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(seenSignal?.aborted).toBe(true);
    expect(error).toMatchObject({ code: '1606', message: '请求超时，请稍后重试' });
  });

  it('gives uploads the longer upload timeout', async () => {
    vi.useFakeTimers();
    const { client } = setUp(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let settled = false;
    const pending = rejectionOf(client.upload('/files', new FormData())).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(480_000);
    expect((await pending).code).toBe('1606');
  });
});

describe('requests', () => {
  it('sends cookies, the language, and form-encoded POST bodies with dot notation under /lyyp/developer', async () => {
    const { client, requests } = setUp(() => answer({ code: '200', message: '', data: null }), 'en-US');
    await client.post('/product/query', {
      page: { no: 2, size: 10 },
      ids: ['a', 'b'],
      name: '泵 1',
      skip: undefined,
    });
    const [request] = requests;
    expect(request?.url).toBe('/lyyp/developer/product/query');
    expect(request?.init.method).toBe('POST');
    expect(request?.init.credentials).toBe('include');
    const headers = request?.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(headers['Accept-Language']).toBe('en-US');
    const sent = sentForm(request);
    expect(sent.get('page.no')).toBe('2');
    expect(sent.get('page.size')).toBe('10');
    expect(sent.get('ids[0]')).toBe('a');
    expect(sent.get('ids[1]')).toBe('b');
    expect(sent.get('name')).toBe('泵 1');
    expect(sent.has('skip')).toBe(false);
  });

  it('puts GET parameters in the query string with the same encoding', async () => {
    const { client, requests } = setUp(() => answer({ code: '200', message: '', data: null }));
    await client.get('/account/info', { time: 1700000000000, filter: { kind: 'x' } });
    expect(requests[0]?.url).toBe('/lyyp/developer/account/info?time=1700000000000&filter.kind=x');
    expect(requests[0]?.init.body).toBeNull();
  });

  it('sends a JSON body when asked, keeping numbers, booleans and empty lists as they are', async () => {
    const { client, requests } = setUp(() => answer({ code: '200', data: null }));
    await client.post(
      '/alarm/rule/add',
      { rule: { filterCount: 2, enabled: false, groupIds: [] } },
      { encoding: 'json' },
    );
    const headers = requests[0]?.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toContain('application/json');
    expect(JSON.parse(requests[0]?.init.body as string)).toEqual({
      rule: { filterCount: 2, enabled: false, groupIds: [] },
    });
  });

  it('encodes nested objects in dot notation', () => {
    expect(decodeURIComponent(encodeForm({ a: { b: { c: 1 } } }))).toBe('a.b.c=1');
  });
});

describe('auth calls', () => {
  it('sends registration with the agreement as text and the captcha proof with the SMS request', async () => {
    const { client, requests } = setUp(() => answer({ code: '200', message: '', data: null }));
    const auth = createAuthApi(client);
    await auth.sendSmsCode({ tel: '13800000000', ticket: 't', randstr: 'r', purpose: 'register' });
    await auth.registerAccount({
      accountKind: 'terminal',
      accountType: 'personal',
      tel: '13800000000',
      smsCode: '123456',
      username: 'ann',
      password: 'Aa1!aaaa',
      confirmPassword: 'Aa1!aaaa',
      agree: true,
    });
    expect(requests.map((request) => request.url)).toEqual([
      '/lyyp/developer/user/sendSmsCode',
      '/lyyp/developer/user/register',
    ]);
    expect(Object.fromEntries(sentForm(requests[0]))).toEqual({
      tel: '13800000000',
      ticket: 't',
      randstr: 'r',
      purpose: 'register',
    });
    expect(sentForm(requests[1]).get('agree')).toBe('true');
  });
});
