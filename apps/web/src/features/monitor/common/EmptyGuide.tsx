/**
 * What an empty list says to someone who has not started yet: what belongs in it, how to get the
 * first entry, and the buttons that do it. Lists show it only when nothing is filtered; a search
 * that finds nothing just says so.
 */
import { Empty, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface EmptyGuideProps {
  title: string;
  text: string;
  /** The buttons that add the first entry. */
  actions?: ReactNode;
  testId?: string;
}

export function EmptyGuide({ title, text, actions, testId }: EmptyGuideProps) {
  return (
    <Empty
      data-testid={testId}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Space orientation="vertical" size={4} style={{ maxWidth: 520 }}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{text}</Typography.Text>
        </Space>
      }
    >
      {actions ? <Space wrap>{actions}</Space> : null}
    </Empty>
  );
}
