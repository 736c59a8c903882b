/**
 * The frame of a list screen: its title, an add button at the right when the screen offers one,
 * a search box and other filters above the content.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Tag, Tooltip } from 'antd';
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
  /** Said on hover (why the button is off). */
  tooltip?: string;
  /** A primary button unless said. */
  type?: 'primary' | 'default';
}

/** How much of a capacity is used, shown beside the title (red once full). */
export interface ScreenCapacity {
  used: number;
  total: number;
  /** The words, e.g. "已用 3/10". */
  text: string;
  testId?: string;
}

export interface ScreenCardProps {
  title: ReactNode;
  capacity?: ScreenCapacity | null;
  /** The card's `data-testid`. */
  testId?: string;
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

export function ScreenCard({
  title,
  capacity,
  testId,
  add,
  extra,
  search,
  filters,
  intro,
  children,
}: ScreenCardProps) {
  const addButton = add ? (
    <Tooltip title={add.tooltip}>
      <Button
        type={add.type ?? 'primary'}
        icon={add.icon ? <PlusOutlined /> : undefined}
        disabled={add.disabled}
        onClick={add.onClick}
        data-testid={add.testId}
      >
        {add.label}
      </Button>
    </Tooltip>
  ) : null;
  return (
    <Card
      variant="borderless"
      data-testid={testId}
      title={
        capacity ? (
          <Space>
            {title}
            <Tag color={capacity.used >= capacity.total ? 'red' : undefined} data-testid={capacity.testId}>
              {capacity.text}
            </Tag>
          </Space>
        ) : (
          title
        )
      }
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
