/**
 * Importing a product (§4 "products can be copied or imported"): a product file exported from this
 * or another platform (model, pages, reports, alarms), or a bare `{ drivers, variables }` model,
 * becomes a new product in development with ids of its own. A file with an error is refused with
 * the catalogue's words naming what is wrong, and nothing is created.
 */
import { ImportOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip, Upload } from 'antd';
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
      void message.success(t('productTransfer.imported', { title: product.title }));
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
      <Tooltip title={t('productTransfer.importTip')}>
        <Button icon={<ImportOutlined />} loading={upload.isPending} data-testid="product-import">
          {t('productTransfer.import')}
        </Button>
      </Tooltip>
    </Upload>
  );
}
