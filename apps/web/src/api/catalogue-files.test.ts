import { describe, expect, it, vi } from 'vitest';
import { createFileApi, readAttachmentName } from './catalogue-files.ts';
import { ApiError } from './client.ts';

function setUp(response: Response) {
  const fetch = vi.fn(() => Promise.resolve(response));
  const endSession = vi.fn();
  const api = createFileApi({ fetch, getLocale: () => 'en-US', endSession });
  return { api, fetch, endSession };
}

describe('file downloads', () => {
  it('returns the file with the name the server gave it, posting the form with the session cookie', async () => {
    const { api, fetch } = setUp(
      new Response('a,b\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': `attachment; filename="x"; filename*=UTF-8''%E7%BD%91%E5%85%B3.csv`,
        },
      }),
    );
    const file = await api.download('/gateway/export', { format: 'csv', sns: ['1', '2'] }, 'fallback.csv');
    expect(file.name).toBe('网关.csv');
    expect(await file.blob.text()).toBe('a,b\n');
    expect(fetch).toHaveBeenCalledWith(
      '/lyyp/developer/gateway/export',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: 'format=csv&sns%5B0%5D=1&sns%5B1%5D=2',
      }),
    );
  });

  it('turns a refused export into the catalogue error, in the console language', async () => {
    const { api } = setUp(Response.json({ code: '1805', message: '', data: { days: 30 } }, { status: 400 }));
    const error = await api.download('/history/export', {}, 'h.csv').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The query range is at most 30 days');
  });

  it('ends the session when the answer says it is gone', async () => {
    const { api, endSession } = setUp(
      Response.json({ code: '1010', message: '', data: null }, { status: 401 }),
    );
    await expect(api.download('/history/export', {}, 'h.csv')).rejects.toMatchObject({ code: '1010' });
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('reads plain and missing attachment names', () => {
    expect(readAttachmentName('attachment; filename="history-2026-03-12.xlsx"', 'f')).toBe(
      'history-2026-03-12.xlsx',
    );
    expect(readAttachmentName(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
