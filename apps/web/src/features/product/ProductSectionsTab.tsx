/**
 * A product edit tab made of sections (signal: drivers and variables; formula: computed variables
 * and scripts; alert: rules, status alarms and groups), one under the other below the shared
 * header. Each section may change what it shows when the account may do `ability` on the product.
 */
import { Space } from 'antd';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import type { ProductAbilityAction } from '../../api/policy.api.ts';
import { ProductEditTabs } from './ProductEditTabs.tsx';
import { useProductAbilities } from './use-product-abilities.ts';

export interface ProductSectionProps {
  productId: string;
  editable: boolean;
}

export function ProductSectionsTab({
  ability,
  sections,
}: {
  ability: ProductAbilityAction;
  sections: readonly ComponentType<ProductSectionProps>[];
}) {
  const { id = '' } = useParams();
  const editable = useProductAbilities(id)(ability);
  return (
    <ProductEditTabs productId={id}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {sections.map((Section, index) => (
          <Section key={index} productId={id} editable={editable} />
        ))}
      </Space>
    </ProductEditTabs>
  );
}
