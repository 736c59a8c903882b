/**
 * Importing a product (§4 "products can be copied or imported"): a product document exported from
 * this or another platform, or a bare `{ drivers, variables }` model, becomes a new product.
 */
import { ImportOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

export function ImportProductButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const describeFailure = useDescribeFailure();
  const upload = useMutation({
    mutationFn: (file: File) => catalogueApi.importProduct({}, file, file.name),
    onSuccess: async (product) => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      void message.success(t('monitor.product.imported', { title: product.title }));
      void navigate(`/manage/product/edit/${encodeURIComponent(product.id)}/signal`);
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  return (
    <Upload
      accept=".json,application/json"
      showUploadList={false}
      beforeUpload={(file) => {
        upload.mutate(file);
        return false;
      }}
    >
      <Button icon={<ImportOutlined />} loading={upload.isPending}>
        {t('monitor.product.import')}
      </Button>
    </Upload>
  );
}
