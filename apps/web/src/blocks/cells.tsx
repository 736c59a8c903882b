/**
 * Table cells the console's lists share: a name with its key under it (variables, scripts), a name
 * with its note, and the switch that turns a row on or off while its call runs.
 */
import { Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useAction } from './use-action.ts';

export function NameAndKey({
  name,
  code,
  children,
}: {
  name: ReactNode;
  code?: string;
  children?: ReactNode;
}) {
  return (
    <Space orientation="vertical" size={0}>
      <span>{name}</span>
      {code ? (
        <Typography.Text type="secondary" code>
          {code}
        </Typography.Text>
      ) : null}
      {children}
    </Space>
  );
}

/** A row's on/off switch; spins while the change of this row is being sent. */
export function RowSwitch({
  checked,
  editable,
  pending,
  label,
  onChange,
}: {
  checked: boolean;
  editable: boolean;
  pending: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      size="small"
      checked={checked}
      disabled={!editable}
      loading={pending}
      aria-label={label}
      onChange={onChange}
    />
  );
}

/** A name in bold with what else it carries beside it (tags), and its note in small grey text under it. */
export function NameWithNote({
  name,
  note,
  extra,
}: {
  name: ReactNode;
  note?: ReactNode;
  extra?: ReactNode;
}) {
  const title = <Typography.Text strong>{name}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {extra ? (
        <Space size={4}>
          {title}
          {extra}
        </Space>
      ) : (
        title
      )}
      {note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * The on/off switch of each row of a list (alarm rules, scripts): `run` sends the change of the row
 * keyed `key`, `onDone` reads the list again; the switch of that row spins meanwhile and a failure
 * is toasted. Gives the switch of one row.
 */
export function useRowSwitch<K>({
  run,
  onDone,
  describeError,
  editable,
  label,
}: {
  run: (key: K, enabled: boolean) => Promise<unknown>;
  onDone: () => unknown;
  describeError?: (error: unknown) => string;
  editable: boolean;
  label: string;
}): (key: K, checked: boolean) => ReactNode {
  const action = useAction({
    run: ({ key, enabled }: { key: K; enabled: boolean }) => run(key, enabled),
    onDone,
    describeError,
  });
  return (key, checked) => (
    <RowSwitch
      checked={checked}
      editable={editable}
      pending={action.isPending && action.variables.key === key}
      label={label}
      onChange={(enabled) => action.mutate({ key, enabled })}
    />
  );
}
