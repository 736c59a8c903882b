import { describe, expect, it } from 'vitest';
import { PAGE_WIDGET_LIMITS, translateDesignerRejection } from '@lyyp/contracts/designer';
import { createPage, createSequentialDeps, createWidgetAt } from '@lyyp/designer-core';
import { buildSavePayload } from './save-payload.ts';

describe('a save over a page limit', () => {
  it('is not sent, and the refusal names the limit and its maximum', () => {
    const deps = createSequentialDeps();
    const weather = Array.from({ length: PAGE_WIDGET_LIMITS.weather + 1 }, (_, index) =>
      createWidgetAt('ComplexWeather', { x: 200 + index * 10, y: 200 }, deps),
    );
    const document = { ...createPage({ id: 'p1', productId: 'x' }), widgets: weather };
    const payload = buildSavePayload({ document, version: 1, hasPassword: false, sentPassword: '' });
    expect(payload).toMatchObject({
      ok: false,
      reason: 'limit',
      rejection: { reason: 'weather-limit', params: { max: PAGE_WIDGET_LIMITS.weather } },
    });
    if (payload.ok || payload.reason !== 'limit') throw new Error('expected a limit');
    const { reason, params } = payload.rejection;
    expect(translateDesignerRejection(reason, 'en-US', params)).toBe(
      `A page can hold at most ${PAGE_WIDGET_LIMITS.weather} weather widgets`,
    );
    const within = { ...document, widgets: weather.slice(1) };
    expect(buildSavePayload({ document: within, version: 1, hasPassword: false, sentPassword: '' }).ok).toBe(
      true,
    );
  });
});
