/**
 * The signal tab of a product (§2 /manage/product/edit/:id/signal): its drivers and variables, with
 * capacity used/total in the shared header.
 */
import { DriverSection } from './DriverSection.tsx';
import { ProductSectionsTab } from './ProductSectionsTab.tsx';
import { VariableSection } from './VariableSection.tsx';

const SECTIONS = [DriverSection, VariableSection];

export default function ProductSignalTab() {
  return <ProductSectionsTab ability="product.edit" sections={SECTIONS} />;
}
