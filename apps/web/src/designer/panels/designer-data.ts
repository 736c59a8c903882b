/**
 * What the property editors need from outside the page: the signals to bind, the product and its
 * variables, its pages and its history reports.
 */
import { createContext, useContext } from 'react';
import type { PageSummary } from '../../api/designer.api.ts';
import type { BindingOption, CatalogueVariable } from '../../widgets/signal-catalogue.ts';

export interface DesignerData {
  readonly productId: string;
  /** The product's variables (the tag browser, the preview's typed values, units and decimals). */
  readonly variables: readonly CatalogueVariable[];
  readonly bindingOptions: readonly BindingOption[];
  readonly pages: readonly PageSummary[];
  readonly pageId: string;
  readonly reports: readonly { readonly id: string; readonly name: string }[];
}

export const DesignerDataContext = createContext<DesignerData>({
  productId: '',
  variables: [],
  bindingOptions: [],
  pages: [],
  pageId: '',
  reports: [],
});

export function useDesignerData(): DesignerData {
  return useContext(DesignerDataContext);
}
