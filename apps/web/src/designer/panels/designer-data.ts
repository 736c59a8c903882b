/**
 * What the property editors need from outside the page: the signals to bind, the product's pages and
 * its history reports.
 */
import { createContext, useContext } from 'react';
import type { PageSummary } from '../../api/designer.api.ts';
import type { BindingOption } from '../../widgets/signal-catalogue.ts';

export interface DesignerData {
  readonly bindingOptions: readonly BindingOption[];
  readonly pages: readonly PageSummary[];
  readonly pageId: string;
  readonly reports: readonly { readonly id: string; readonly name: string }[];
}

export const DesignerDataContext = createContext<DesignerData>({
  bindingOptions: [],
  pages: [],
  pageId: '',
  reports: [],
});

export function useDesignerData(): DesignerData {
  return useContext(DesignerDataContext);
}
