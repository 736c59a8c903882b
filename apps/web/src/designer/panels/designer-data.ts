/** What the property editors need from outside the page: the signals to bind and the product's pages. */
import { createContext, useContext } from 'react';
import type { PageSummary } from '../../api/designer.api.ts';
import type { BindingOption } from '../../widgets/signal-catalogue.ts';

export interface DesignerData {
  readonly bindingOptions: readonly BindingOption[];
  readonly pages: readonly PageSummary[];
  readonly pageId: string;
}

export const DesignerDataContext = createContext<DesignerData>({ bindingOptions: [], pages: [], pageId: '' });

export function useDesignerData(): DesignerData {
  return useContext(DesignerDataContext);
}
