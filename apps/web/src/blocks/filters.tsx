/**
 * A list screen's filters: `FilterSelect` is one clearable choice; `FilterBar` a row of them as data
 * (text inputs, a search box, choices) with the search and reset buttons. Searching hands the
 * values to the screen; resetting clears them and searches with none.
 */
import { Button, Form, Input, Select, Space, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FilterSelectProps<V> extends Omit<SelectProps<V>, 'onChange' | 'options'> {
  placeholder: string;
  /** Choices of its own; or `codes` worded by `label` (a registry's codes). */
  options?: readonly { value: V; label: string }[];
  codes?: readonly V[];
  label?: (code: V) => string;
  onChange: (value: V | undefined) => void;
  width?: number;
  /** Lets a person type to find a choice. */
  searchable?: boolean;
  testId?: string;
}

export function FilterSelect<V extends string | number>({
  width = 140,
  testId,
  codes = [],
  label = String,
  options = codes.map((code) => ({ value: code, label: label(code) })),
  searchable = false,
  onChange,
  style,
  ...rest
}: FilterSelectProps<V>) {
  return (
    <Select<V>
      allowClear
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      style={{ width, ...style }}
      data-testid={testId}
      options={[...options]}
      onChange={(value) => onChange(value ?? undefined)}
      {...rest}
    />
  );
}

/** One filter of a `FilterBar`: a text input, a search box (Enter searches) or a choice. */
export type FilterField<V> = { name: keyof V & string; placeholder: string; width: number } & (
  | { kind: 'text' | 'search' }
  | { kind: 'select'; options: readonly { value: string | number; label: string }[]; searchable?: boolean }
);

export interface FilterBarProps<V> {
  /** The form's name (input ids are `<name>_<field>`). */
  name: string;
  fields: readonly FilterField<V>[];
  onSearch: (values: V) => void;
  searchText?: string;
  resetText?: string;
  searchTestId?: string;
}

/** The control of one filter; `control` is what the form item hands it (id, value, onChange). */
function FilterInput<V>({
  field,
  submit,
  ...control
}: { field: FilterField<V>; submit: () => void } & Record<string, unknown>) {
  const style = { width: field.width };
  if (field.kind === 'select') {
    return (
      <Select
        allowClear
        showSearch={field.searchable ? { optionFilterProp: 'label' } : undefined}
        placeholder={field.placeholder}
        style={style}
        options={[...field.options]}
        {...control}
      />
    );
  }
  return field.kind === 'search' ? (
    <Input.Search allowClear placeholder={field.placeholder} onSearch={submit} style={style} {...control} />
  ) : (
    <Input allowClear placeholder={field.placeholder} style={style} {...control} />
  );
}

export function FilterBar<V extends object>({
  name,
  fields,
  onSearch,
  searchText,
  resetText,
  searchTestId,
}: FilterBarProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      onFinish={onSearch}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} name={String(field.name)}>
          <FilterInput field={field} submit={() => form.submit()} />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" data-testid={searchTestId}>
          {searchText ?? t('monitor.common.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({} as V);
          }}
        >
          {resetText ?? t('monitor.common.reset')}
        </Button>
      </Space>
    </Form>
  );
}
