/** The open page's store, shared by the editor's components without passing it down. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { DesignerStore, DesignerStoreState } from './state/designer-store.ts';

export const DesignerStoreContext = createContext<DesignerStore | null>(null);

export function useDesignerStore(): DesignerStore {
  const store = useContext(DesignerStoreContext);
  if (!store) throw new Error('The designer store is missing: render inside DesignerStoreContext');
  return store;
}

export function useDesigner<T>(selector: (state: DesignerStoreState) => T): T {
  return useStore(useDesignerStore(), selector);
}
