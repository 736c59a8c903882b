/**
 * A drawer that shows one thing in detail: a skeleton while it loads, a failed load in the
 * catalogue's words, then its content (or a list of labelled values from `items`).
 */
import { Descriptions, Drawer, Skeleton, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useDescribeFailure } from '../features/monitor/common/catalogue-text.ts';

export interface DetailDrawerProps {
  title: ReactNode;
  /** Shown unless false. */
  open?: boolean;
  onClose: () => void;
  /** The drawer's width in pixels (520 unless told). */
  size?: number;
  /** Still loading what it shows. */
  loading?: boolean;
  /** A failed load. */
  error?: unknown;
  describeError?: (error: unknown) => string;
  /** Labelled values, shown before the children. */
  items?: DescriptionsProps['items'];
  extra?: ReactNode;
  footer?: ReactNode;
  testId?: string;
  children?: ReactNode;
}

export function DetailDrawer({
  title,
  open = true,
  onClose,
  size = 520,
  loading = false,
  error,
  describeError,
  items,
  extra,
  footer,
  testId,
  children,
}: DetailDrawerProps) {
  const describeFailure = useDescribeFailure();
  return (
    <Drawer {...{ open, size, title, extra, footer, onClose }} destroyOnHidden data-testid={testId}>
      {error ? (
        <Typography.Paragraph type="danger">{(describeError ?? describeFailure)(error)}</Typography.Paragraph>
      ) : null}
      {loading ? (
        <Skeleton active />
      ) : (
        <>
          {items && items.length > 0 ? (
            <Descriptions column={1} size="small" bordered items={items} style={{ marginBottom: 16 }} />
          ) : null}
          {children}
        </>
      )}
    </Drawer>
  );
}
