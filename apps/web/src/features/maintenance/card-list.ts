/** What the work-order and inspection card lists share: the phone-first grid and paging shown only when needed. */
import type { ListProps } from 'antd';
import type { MaintenancePage } from '../../api/maintenance.api.ts';

export const CARD_GRID: ListProps<unknown>['grid'] = {
  gutter: 12,
  xs: 1,
  sm: 1,
  md: 2,
  lg: 2,
  xl: 3,
  xxl: 4,
};

export function cardPagination(
  page: MaintenancePage<unknown> | undefined,
  onPage: (page: number, pageSize: number) => void,
): ListProps<unknown>['pagination'] {
  return page && page.total > page.pageSize
    ? { current: page.page, pageSize: page.pageSize, total: page.total, onChange: onPage, size: 'small' }
    : false;
}
