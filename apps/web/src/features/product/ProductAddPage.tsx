/** New product (§2 /manage/product/add): its details; the model is added on the signal tab next. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useFormFailure } from '../monitor/common/use-form-failure.ts';
import { ProductForm, locateProductField, toProductFields, type ProductFormValues } from './ProductForm.tsx';

export default function ProductAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProductFormValues>();
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locateProductField);
  const add = useMutation({
    mutationFn: (values: ProductFormValues) => catalogueApi.addProduct(toProductFields(values)),
    onSuccess: async (product) => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      void navigate(`/manage/product/edit/${encodeURIComponent(product.id)}/signal`);
    },
    onError: showFailure,
  });
  return (
    <Card variant="borderless" title={t('routes.ProductAdd')}>
      <ProductForm
        form={form}
        name="product-add"
        alertText={alertText}
        submitText={t('monitor.product.createAndContinue')}
        submitting={add.isPending}
        onSubmit={(values) => add.mutate(values)}
        onChange={clearFailure}
      />
    </Card>
  );
}
