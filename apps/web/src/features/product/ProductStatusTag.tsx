/** §4 product states: published (anyone may bind devices to it) or in development. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '../../api/catalogue.types.ts';

export const PRODUCT_STATUS_COLORS: Readonly<Record<ProductStatus, string>> = {
  published: 'green',
  development: 'blue',
};

export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return <Tag color={PRODUCT_STATUS_COLORS[status]}>{t(`monitor.productStatus.${status}`)}</Tag>;
}
