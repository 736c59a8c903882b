// @vitest-environment jsdom
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

function render(confirmed: boolean, onSubmit: () => void, onConfirmedChange: (value: boolean) => void) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <ConfirmedActionDialog
        open
        title="Clear data"
        intro="Removes measured values"
        submitText="Clear"
        confirmText="I understand"
        testIdPrefix="clear"
        confirmed={confirmed}
        onConfirmedChange={onConfirmedChange}
        pending={false}
        onSubmit={onSubmit}
        onClose={() => undefined}
      >
        <span data-testid="choice">choice</span>
      </ConfirmedActionDialog>,
    ),
  );
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('a confirmed gateway action', () => {
  it('keeps its danger button off until the confirmation is ticked, and shows its own choices', () => {
    const onSubmit = vi.fn();
    const onConfirmedChange = vi.fn();
    render(false, onSubmit, onConfirmedChange);
    expect(byTestId('choice')).not.toBeNull();
    expect(byTestId('clear-submit')?.hasAttribute('disabled')).toBe(true);
    const confirm = byTestId('clear-confirm');
    const box = confirm instanceof HTMLInputElement ? confirm : confirm?.querySelector('input');
    act(() => box?.click());
    expect(onConfirmedChange).toHaveBeenCalledWith(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits once confirmed', () => {
    const onSubmit = vi.fn();
    render(true, onSubmit, () => undefined);
    expect(byTestId('clear-submit')?.hasAttribute('disabled')).toBe(false);
    act(() => byTestId('clear-submit')?.click());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
