/** Autosave (§3 local config): while it is on, a page with changes is saved every `saveInterval` minutes. */
import { isAutosaveDue } from '@lyyp/designer-core';
import { useEffect } from 'react';
import { useDesignerStore } from './designer-context.ts';

/** How often the due time is checked; the interval itself is in minutes. */
const CHECK_EVERY_MS = 10_000;

export function useAutosave(save: (automatic: boolean) => void): void {
  const store = useDesignerStore();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (isAutosaveDue(store.getState().editor, Date.now())) save(true);
    }, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [store, save]);
}
