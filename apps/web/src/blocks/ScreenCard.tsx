/**
 * The frame of a list screen: its title, an add button at the right when the screen offers one,
 * a search box and other filters above the content.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space } from 'antd';
import type { ReactNode } from 'react';

export interface ScreenSearch {
  placeholder: string;
  /** Called with the trimmed text when searched (Enter, the button, or cleared). */
  onSearch: (text: string) => void;
  width?: number;
  testId?: string;
}

export interface ScreenAdd {
  label: ReactNode;
  onClick: () => void;
  testId?: string;
  disabled?: boolean;
  /** A plus icon before the label. */
  icon?: boolean;
}

export interface ScreenCardProps {
  title: ReactNode;
  add?: ScreenAdd | false | null;
  /** More buttons at the right, before the add button. */
  extra?: ReactNode;
  search?: ScreenSearch;
  /** More filters after the search box. */
  filters?: ReactNode;
  /** A line under the title (what the screen shows). */
  intro?: ReactNode;
  children: ReactNode;
}

export function ScreenCard({ title, add, extra, search, filters, intro, children }: ScreenCardProps) {
  const addButton = add ? (
    <Button
      type="primary"
      icon={add.icon ? <PlusOutlined /> : undefined}
      disabled={add.disabled}
      onClick={add.onClick}
      data-testid={add.testId}
    >
      {add.label}
    </Button>
  ) : null;
  return (
    <Card
      variant="borderless"
      title={title}
      extra={
        extra && addButton ? (
          <Space>
            {extra}
            {addButton}
          </Space>
        ) : (
          (extra ?? addButton)
        )
      }
    >
      {intro}
      {search || filters ? (
        <Space wrap style={{ marginBottom: 16 }}>
          {search ? (
            <Input.Search
              allowClear
              style={{ width: search.width ?? 260 }}
              placeholder={search.placeholder}
              data-testid={search.testId}
              onSearch={(value) => search.onSearch(value.trim())}
            />
          ) : null}
          {filters}
        </Space>
      ) : null}
      {children}
    </Card>
  );
}
