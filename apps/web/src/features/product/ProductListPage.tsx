/**
 * Product management (§2 /manage/product/list): products the account may see, searched by name or
 * model and filtered by status; create, import a product file, export one (the whole product as a
 * file that imports as it is, here or on another platform), copy, publish or take back into
 * development, and delete after confirmation.
 */
import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import type { ActionName } from '@lyyp/contracts/policy';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { productTransferApi } from '../../api/product-transfer.api.ts';
import { useAction } from '../../blocks/index.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import type { ProductStatus, ProductSummary } from '../../api/catalogue.types.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { ImportProductButton } from './ImportProductButton.tsx';
import { PRODUCT_STATUS_COLORS, ProductStatusTag } from './ProductStatusTag.tsx';

export default function ProductListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const describeFailure = useDescribeFailure();
  // Each row's buttons from the policy: a developer changes the products it owns, staff those
  // within their data permission; creating and copying make a product of the caller's own.
  const capabilities = useCapabilities();
  const canCreate = capabilities.may('product.create');
  const allows = (action: ActionName, product: ProductSummary) => capabilities.onProductRow(action, product);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<ProductStatus | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });

  const products = useQuery({
    queryKey: ['products', keyword, status, paging],
    queryFn: () => catalogueApi.queryProducts({ keyword: keyword || undefined, status, ...paging }),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['products'] });
  const failed = (error: unknown) => void message.error(describeFailure(error));

  const copy = useMutation({
    mutationFn: (product: ProductSummary) => catalogueApi.copyProduct(product.id),
    onSuccess: async (copied) => {
      void message.success(t('monitor.product.copiedAs', { title: copied.title }));
      await refresh();
    },
    onError: failed,
  });
  const setProductStatus = useMutation({
    mutationFn: ({ id, next }: { id: string; next: ProductStatus }) =>
      catalogueApi.setProductStatus(id, next),
    onSuccess: refresh,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => catalogueApi.deleteProduct(id),
    onSuccess: async () => {
      void message.success(t('monitor.common.deleted'));
      await refresh();
    },
    onError: failed,
  });

  const exportFile = useAction({
    run: (product: ProductSummary) => productTransferApi.exportProductFile(product.id, product.title),
    onDone: saveFile,
  });

  const confirmDelete = (product: ProductSummary) => {
    modal.confirm({
      title: t('monitor.product.deleteTitle', { title: product.title }),
      content: t('monitor.product.deleteText'),
      okText: t('monitor.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('monitor.common.cancel'),
      onOk: () => remove.mutateAsync(product.id).catch(() => undefined),
    });
  };

  const editPath = (id: string) => `/manage/product/edit/${encodeURIComponent(id)}/info`;

  return (
    <Card variant="borderless" title={t('routes.ProductList')}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('monitor.product.search')}
            style={{ width: 240 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
          <Select
            allowClear
            placeholder={t('monitor.fields.status')}
            style={{ width: 140 }}
            value={status}
            onChange={(value: ProductStatus | undefined) => {
              setStatus(value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            options={(Object.keys(PRODUCT_STATUS_COLORS) as ProductStatus[]).map((value) => ({
              value,
              label: t(`monitor.productStatus.${value}`),
            }))}
          />
        </Space>
        {canCreate ? (
          <Space wrap>
            <ImportProductButton />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="product-add"
              onClick={() => void navigate('/manage/product/add')}
            >
              {t('routes.ProductAdd')}
            </Button>
          </Space>
        ) : null}
      </Space>
      <Table<ProductSummary>
        rowKey="id"
        data-testid="product-table"
        loading={products.isFetching}
        dataSource={products.data?.list ?? []}
        locale={products.error ? { emptyText: describeFailure(products.error) } : undefined}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: products.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('monitor.fields.title'),
            dataIndex: 'title',
            render: (title: string, product) => <Link to={editPath(product.id)}>{title}</Link>,
          },
          {
            title: t('monitor.fields.productModel'),
            dataIndex: 'productModel',
            render: (value: string) => value || '—',
          },
          {
            title: t('monitor.fields.status'),
            dataIndex: 'status',
            render: (value: ProductStatus) => <ProductStatusTag status={value} />,
          },
          {
            title: t('monitor.product.model'),
            key: 'model',
            render: (_, product) => (
              <Typography.Text type="secondary">
                {t('monitor.product.modelSize', {
                  drivers: product.driverCount,
                  variables: product.variableCount,
                })}
              </Typography.Text>
            ),
          },
          {
            title: t('monitor.fields.owner'),
            dataIndex: 'ownerName',
            render: (value: string | null) => value ?? '—',
          },
          {
            title: t('monitor.product.updatedAt'),
            dataIndex: 'updatedAt',
            render: (value: string) => formatTime(value),
          },
          {
            title: t('monitor.common.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, product) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  data-testid={allows('product.edit', product) ? 'product-edit' : 'product-open'}
                  onClick={() => void navigate(editPath(product.id))}
                >
                  {allows('product.edit', product) ? t('monitor.common.edit') : t('monitor.device.open')}
                </Button>
                {allows('knowledge.edit', product) ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      void navigate(`/manage/product/knowledge/${encodeURIComponent(product.id)}`)
                    }
                  >
                    {t('routes.ProductKnowledge')}
                  </Button>
                ) : null}
                {canCreate ? (
                  <Button
                    type="link"
                    size="small"
                    data-testid="product-copy"
                    onClick={() => copy.mutate(product)}
                  >
                    {t('monitor.common.copy')}
                  </Button>
                ) : null}
                <Tooltip title={t('productTransfer.exportTip')}>
                  <Button
                    type="link"
                    size="small"
                    data-testid="product-export"
                    loading={exportFile.isPending && exportFile.variables.id === product.id}
                    onClick={() => exportFile.mutate(product)}
                  >
                    {t('productTransfer.export')}
                  </Button>
                </Tooltip>
                {allows('ota.manage', product) ? (
                  <Button
                    type="link"
                    size="small"
                    data-testid="product-ota"
                    onClick={() => void navigate(`/manage/product/ota/${encodeURIComponent(product.id)}`)}
                  >
                    {t('routes.ProductOta')}
                  </Button>
                ) : null}
                {allows('product.publish', product) ? (
                  <Button
                    type="link"
                    size="small"
                    data-testid="product-publish"
                    onClick={() =>
                      setProductStatus.mutate({
                        id: product.id,
                        next: product.status === 'published' ? 'development' : 'published',
                      })
                    }
                  >
                    {product.status === 'published'
                      ? t('monitor.product.develop')
                      : t('monitor.product.publish')}
                  </Button>
                ) : null}
                {allows('product.edit', product) ? (
                  <Button
                    type="link"
                    size="small"
                    danger
                    data-testid="product-delete"
                    onClick={() => confirmDelete(product)}
                  >
                    {t('monitor.common.delete')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
