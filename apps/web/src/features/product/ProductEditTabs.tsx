/**
 * The header every product edit screen shares (§2 /manage/product/edit/:id/<tab>): the product's
 * name, status and capacity, and the tabs. The tabs are the route table's children of
 * `product/edit/:id`, so a tab added there appears here; each tab is a link to its own route.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ROUTE_TABLE, listRoutes } from '../../app/route-table.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { ProductStatusTag } from './ProductStatusTag.tsx';
import { useProduct } from './use-product.ts';

const EDIT_FRAME = listRoutes(ROUTE_TABLE).find((route) => route.name === 'ProductEditFrame');
const TABS = (EDIT_FRAME?.children ?? []).flatMap((route) =>
  route.path ? [{ path: route.path, name: route.name }] : [],
);

export function ProductEditTabs({ productId, children }: { productId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const product = useProduct(productId);
  const describeFailure = useDescribeFailure();
  const active = TABS.find((tab) => pathname.endsWith(`/${tab.path}`))?.path;
  const base = `/manage/product/edit/${encodeURIComponent(productId)}`;

  const capacity = product.data?.capacity;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <Space align="center" wrap style={{ marginBottom: 8 }}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('routes.ProductList')}
            onClick={() => void navigate('/manage/product/list')}
          />
          {product.isPending ? (
            <Skeleton.Input active size="small" />
          ) : product.data ? (
            <>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="product-title">
                {product.data.title}
              </Typography.Title>
              <ProductStatusTag status={product.data.status} />
              {product.data.productModel ? (
                <Typography.Text type="secondary">{product.data.productModel}</Typography.Text>
              ) : null}
            </>
          ) : (
            <Typography.Text type="danger">{describeFailure(product.error)}</Typography.Text>
          )}
          {capacity ? (
            <Space size={4} wrap>
              <Tag data-testid="driver-capacity">
                {t('monitor.product.driverCapacity', {
                  used: capacity.drivers.used,
                  total: capacity.drivers.total,
                })}
              </Tag>
              <Tag data-testid="variable-capacity">
                {t('monitor.product.variableCapacity', {
                  used: capacity.variables.used,
                  total: capacity.variables.total,
                })}
              </Tag>
            </Space>
          ) : null}
        </Space>
        {product.data?.status === 'development' ? (
          <Alert
            type="info"
            showIcon
            title={t('monitor.product.unpublishedNotice')}
            style={{ marginBottom: 8 }}
            data-testid="product-unpublished-notice"
          />
        ) : null}
        <Tabs
          activeKey={active}
          onChange={(tab) => void navigate(`${base}/${tab}`)}
          items={TABS.map((tab) => ({ key: tab.path, label: t(`routes.${tab.name}`) }))}
          style={{ marginBottom: 0 }}
        />
      </Card>
      {children}
    </Space>
  );
}
