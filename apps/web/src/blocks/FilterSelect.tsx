/**
 * A list screen's filter choice (a state, a type, a device): cleared to show everything, with the
 * filter's name as its placeholder. `codes` with `label` words a registry's codes; `options` gives
 * choices of its own; `searchable` lets a person type to find one.
 */
import { Select } from 'antd';

export interface FilterSelectProps<T extends string> {
  placeholder: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  codes?: readonly T[];
  label?: (code: T) => string;
  options?: readonly { value: T; label: string }[];
  width?: number;
  searchable?: boolean;
}

export function FilterSelect<T extends string>({
  placeholder,
  value,
  onChange,
  codes = [],
  label = String,
  options = codes.map((code) => ({ value: code, label: label(code) })),
  width = 180,
  searchable = false,
}: FilterSelectProps<T>) {
  return (
    <Select<T>
      allowClear
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      style={{ width }}
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange(next)}
      options={[...options]}
    />
  );
}
