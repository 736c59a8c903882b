/**
 * The formula tab of a product (§2 /manage/product/edit/:id/formula): its computed variables with
 * their formulas, what each reads and who reads it, and its edge scripts. Both run on the
 * gateway and belong to the product's model, so they share the tab that §2 gives formulas
 * rather than a tab of their own.
 */
import { ComputedVariableSection } from './ComputedVariableSection.tsx';
import { ProductSectionsTab } from './ProductSectionsTab.tsx';
import { ScriptSection } from './ScriptSection.tsx';

const SECTIONS = [ComputedVariableSection, ScriptSection];

export default function ProductFormulaTab() {
  return <ProductSectionsTab ability="edgeLogic.edit" sections={SECTIONS} />;
}
