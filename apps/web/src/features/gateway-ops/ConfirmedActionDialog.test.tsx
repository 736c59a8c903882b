// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmedActionDialog } from './ConfirmedActionDialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

function render(run: () => Promise<{ removed: number }>, onDone: () => void) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  act(() =>
    root!.render(
      <QueryClientProvider client={client}>
        <AntApp>
          <ConfirmedActionDialog
            open
            title="Clear data"
            intro="Removes measured values"
            submitText="Clear"
            confirmText="I understand"
            testIdPrefix="clear"
            run={run}
            doneText={(answer) => `Removed ${answer.removed}`}
            onDone={onDone}
            onClose={() => undefined}
          >
            <span data-testid="choice">choice</span>
          </ConfirmedActionDialog>
        </AntApp>
      </QueryClientProvider>,
    ),
  );
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const tick = () => {
  const confirm = byTestId('clear-confirm');
  const box = confirm instanceof HTMLInputElement ? confirm : confirm?.querySelector('input');
  act(() => box?.click());
};
const isTicked = () => {
  const confirm = byTestId('clear-confirm');
  const box = confirm instanceof HTMLInputElement ? confirm : confirm?.querySelector('input');
  return box?.checked;
};

describe('a confirmed gateway action', () => {
  it('keeps its danger button off until the confirmation is ticked, and shows its own choices', () => {
    const run = vi.fn(() => Promise.resolve({ removed: 1 }));
    render(run, () => undefined);
    expect(byTestId('choice')).not.toBeNull();
    expect(byTestId('clear-submit')?.hasAttribute('disabled')).toBe(true);
    act(() => byTestId('clear-submit')?.click());
    expect(run).not.toHaveBeenCalled();
    tick();
    expect(byTestId('clear-submit')?.hasAttribute('disabled')).toBe(false);
  });

  it('runs once confirmed, says what it did and unticks the box', async () => {
    let answer: (value: { removed: number }) => void = () => undefined;
    const run = vi.fn(() => new Promise<{ removed: number }>((resolve) => (answer = resolve)));
    const onDone = vi.fn();
    render(run, onDone);
    tick();
    // The call starts once React Query has scheduled it.
    await act(() => Promise.resolve(byTestId('clear-submit')?.click()));
    expect(run).toHaveBeenCalledTimes(1);
    await act(() => Promise.resolve(answer({ removed: 42 })));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(document.body.textContent).toContain('Removed 42');
    expect(isTicked()).toBe(false);
  });
});
