/** The info tab of a product (§2 /manage/product/edit/:id/info): its §3 details, edited in place. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Descriptions, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { ProductDetail } from '../../api/catalogue.types.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useFormFailure } from '../monitor/common/use-form-failure.ts';
import { ProductEditTabs } from './ProductEditTabs.tsx';
import { ProductForm, locateProductField, toProductFields, type ProductFormValues } from './ProductForm.tsx';
import { useProductAbilities } from './use-product-abilities.ts';
import { productQueryKey, useProduct } from './use-product.ts';

function toFormValues(product: ProductDetail): ProductFormValues {
  return {
    title: product.title,
    productModel: product.productModel,
    imgUrl: product.imgUrl ?? '',
    note: product.note ?? '',
    modelId: product.modelId ?? '',
    latitude: product.latitude,
    longitude: product.longitude,
  };
}

function ProductInfoForm({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useProductAbilities(product.id)('product.edit');
  const [form] = Form.useForm<ProductFormValues>();
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locateProductField);
  const save = useMutation({
    mutationFn: (values: ProductFormValues) => catalogueApi.editProduct(product.id, toProductFields(values)),
    onSuccess: async () => {
      void message.success(t('monitor.common.saved'));
      await queryClient.invalidateQueries({ queryKey: productQueryKey(product.id) });
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
    onError: showFailure,
  });
  return (
    <Card variant="borderless">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('monitor.product.deviceCount')}>{product.deviceCount}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.product.modelVersion')}>
          {product.modelVersion}
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.product.updatedAt')}>
          {formatTime(product.updatedAt)}
        </Descriptions.Item>
      </Descriptions>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <ProductForm
          form={form}
          name="product-info"
          initialValues={toFormValues(product)}
          alertText={alertText}
          submitText={t('monitor.common.save')}
          submitting={save.isPending}
          readOnly={!canEdit}
          onSubmit={(values) => save.mutate(values)}
          onChange={clearFailure}
        />
      </fieldset>
    </Card>
  );
}

export default function ProductInfoTab() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  return (
    <ProductEditTabs productId={id}>
      {product.isPending ? <Skeleton active /> : null}
      {product.data ? <ProductInfoForm key={product.data.updatedAt} product={product.data} /> : null}
    </ProductEditTabs>
  );
}
