/**
 * Data permission: every product, or the chosen ones (a searchable list of the products the caller
 * sees). Without `allowAll` (the caller has chosen products only) "all products" cannot be picked.
 */
import type { DataScope } from '@lyyp/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';

export interface DataScopeValue {
  dataScope: DataScope;
  productIds: string[];
}

interface DataScopeFieldProps {
  value?: DataScopeValue;
  onChange?: (value: DataScopeValue) => void;
  disabled?: boolean;
  /** Whether "all products" may be picked (the caller has all products). */
  allowAll?: boolean;
}

export function useProductOptions() {
  return useQuery({ queryKey: ['admin', 'product-options'], queryFn: () => adminApi.productOptions() });
}

export function DataScopeField({
  value = { dataScope: 'all', productIds: [] },
  onChange,
  disabled,
  allowAll = true,
}: DataScopeFieldProps) {
  const { t } = useTranslation();
  const products = useProductOptions();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Radio.Group
        disabled={disabled}
        value={value.dataScope}
        onChange={(event) => onChange?.({ ...value, dataScope: event.target.value as DataScope })}
        options={[
          { value: 'all', label: t('admin.roles.scopeAll'), disabled: !allowAll },
          { value: 'chosen', label: t('admin.roles.scopeChosen') },
        ]}
      />
      {!allowAll && !disabled ? (
        <Typography.Text type="secondary" data-testid="scope-all-beyond">
          {t('admin.roles.scopeAllBeyond')}
        </Typography.Text>
      ) : null}
      {value.dataScope === 'chosen' ? (
        <Select
          mode="multiple"
          disabled={disabled}
          data-testid="scope-products"
          style={{ width: '100%' }}
          placeholder={t('admin.roles.productsPlaceholder')}
          loading={products.isLoading}
          value={value.productIds}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(productIds: string[]) => onChange?.({ ...value, productIds })}
          options={(products.data ?? []).map((product) => ({
            value: product.id,
            label: product.productModel ? `${product.title} (${product.productModel})` : product.title,
          }))}
        />
      ) : null}
    </Space>
  );
}
