/**
 * The formula tab of a product (§2 /manage/product/edit/:id/formula): its computed variables with
 * their formulas, what each reads and who reads it, and its edge scripts. Both run on the
 * gateway and belong to the product's model, so they share the tab that §2 gives formulas
 * rather than a tab of their own.
 */
import { Space } from 'antd';
import { useParams } from 'react-router';
import { ComputedVariableSection } from './ComputedVariableSection.tsx';
import { ProductEditTabs } from './ProductEditTabs.tsx';
import { ScriptSection } from './ScriptSection.tsx';
import { useProductAbilities } from './use-product-abilities.ts';

export default function ProductFormulaTab() {
  const { id = '' } = useParams();
  const editable = useProductAbilities(id)('edgeLogic.edit');
  return (
    <ProductEditTabs productId={id}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <ComputedVariableSection productId={id} editable={editable} />
        <ScriptSection productId={id} editable={editable} />
      </Space>
    </ProductEditTabs>
  );
}
