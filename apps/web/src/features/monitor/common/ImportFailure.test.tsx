// @vitest-environment jsdom
import '../../../app/i18n.ts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { ImportFailure } from './ImportFailure.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

function render(error: unknown): string {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <ImportFailure
        error={error}
        rowErrorKey="monitor.gateway.importRowError"
        failedKey="monitor.gateway.importFailed"
      />,
    ),
  );
  return host.textContent ?? '';
}

describe('a refused sheet import', () => {
  it('names the row and the column in the reader’s words, not the field key', () => {
    act(() => useLocaleStore.getState().setLocale('zh-CN'));
    const text = render(new ApiError('1002', 'bad', 'rows.3.sn'));
    expect(text).toContain('第 3 行');
    expect(text).not.toContain('rows.3');
    act(() => useLocaleStore.getState().setLocale('en-US'));
    const english = render(new ApiError('1002', 'bad', 'rows.7.sn'));
    expect(english).toMatch(/\b7\b/);
    expect(english).not.toContain('rows.7');
  });

  it('says the import failed when no row is named, and shows nothing without an error', () => {
    act(() => useLocaleStore.getState().setLocale('zh-CN'));
    expect(render(new ApiError('1002', 'bad'))).not.toBe('');
    act(() => root?.unmount());
    document.body.innerHTML = '';
    expect(render(null)).toBe('');
  });
});
