/**
 * The alert tab of a product (§2 /manage/product/edit/:id/alert): its alarm rules with capacity
 * used/total (§8, §9), its offline and power-off alarms, and its alarm groups. Rules and groups belong to the product's configuration
 * and take effect on every device of the product.
 */
import { Space } from 'antd';
import { useParams } from 'react-router';
import { ProductEditTabs } from '../product/ProductEditTabs.tsx';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { GroupSection } from './GroupSection.tsx';
import { RuleSection } from './RuleSection.tsx';
import { StatusAlarmSection } from './StatusAlarmSection.tsx';

export default function ProductAlertTab() {
  const { id = '' } = useParams();
  const editable = useProductAbilities(id)('alarmRule.edit');
  return (
    <ProductEditTabs productId={id}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <RuleSection productId={id} editable={editable} />
        <StatusAlarmSection productId={id} editable={editable} />
        <GroupSection productId={id} editable={editable} />
      </Space>
    </ProductEditTabs>
  );
}
