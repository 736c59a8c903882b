/**
 * The signal tab of a product (§2 /manage/product/edit/:id/signal): its drivers and variables, with
 * capacity used/total in the shared header.
 */
import { Space } from 'antd';
import { useParams } from 'react-router';
import { DriverSection } from './DriverSection.tsx';
import { ProductEditTabs } from './ProductEditTabs.tsx';
import { VariableSection } from './VariableSection.tsx';
import { useProductAbilities } from './use-product-abilities.ts';

export default function ProductSignalTab() {
  const { id = '' } = useParams();
  const editable = useProductAbilities(id)('product.edit');
  return (
    <ProductEditTabs productId={id}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <DriverSection productId={id} editable={editable} />
        <VariableSection productId={id} editable={editable} />
      </Space>
    </ProductEditTabs>
  );
}
