/**
 * A hardware model picker (product form, gateway batch): every model by name, the built-in one
 * marked; left empty, the built-in model applies.
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { hardwareApi } from '../../api/hardware.api.ts';

export function HardwareModelSelect({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const options = useQuery({ queryKey: ['hardware-models', 'all'], queryFn: () => hardwareApi.queryAll() });
  const builtIn = options.data?.find((option) => option.builtIn);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isFetching}
      value={value || undefined}
      onChange={(next: string | undefined) => onChange?.(next)}
      placeholder={builtIn ? t('hardware.defaultModel', { name: builtIn.name }) : undefined}
      options={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
      data-testid="hardware-model-select"
    />
  );
}
