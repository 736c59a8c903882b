/**
 * What the work-order and inspection card lists share: a server-paged list (`usePagedQuery`) shown
 * as cards in a phone-first grid (one column on a phone, up to four on a wide desk), a failed load
 * in the catalogue's words above it, and paging shown only when there is more than one page. A card
 * opens its item.
 */
import { Card, Empty, List, Typography, type ListProps } from 'antd';
import type { ReactNode } from 'react';
import type { PagedQuery } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

const CARD_GRID: ListProps<unknown>['grid'] = { gutter: 12, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 4 };

export interface CardFace {
  title: ReactNode;
  extra: ReactNode;
  body: ReactNode;
}

/** What a card list is given by its screen: the list and what opening a card does. */
export interface CardListProps<T> {
  paged: PagedQuery<T>;
  onOpen: (id: string) => void;
}

export function PagedCards<T extends { id: string }>({
  paged,
  onOpen,
  testId,
  emptyText,
  face,
}: CardListProps<T> & {
  /** `<testId>-list` is the list's `data-testid`, `<testId>-card` each card's. */
  testId: string;
  emptyText: string;
  face: (item: T) => CardFace;
}) {
  const describeFailure = useDescribeFailure();
  const error = paged.query.error;
  return (
    <>
      {error ? <Typography.Text type="danger">{describeFailure(error)}</Typography.Text> : null}
      <List<T>
        data-testid={`${testId}-list`}
        loading={paged.query.isFetching}
        dataSource={[...paged.rows]}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        grid={CARD_GRID}
        pagination={
          paged.total > paged.pageSize
            ? {
                current: paged.page,
                pageSize: paged.pageSize,
                total: paged.total,
                onChange: paged.setPage,
                size: 'small',
              }
            : false
        }
        renderItem={(item) => {
          const { title, extra, body } = face(item);
          return (
            <List.Item>
              <Card
                size="small"
                hoverable
                data-testid={`${testId}-card`}
                onClick={() => onOpen(item.id)}
                title={title}
                extra={extra}
              >
                {body}
              </Card>
            </List.Item>
          );
        }}
      />
    </>
  );
}
