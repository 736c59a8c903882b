/**
 * Chooses devices for widgets that show several (`equips` properties: the map's equipments): any
 * device the designer may see, searched by name or SN; stored as `{ equipmentId, title }`.
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { PropertyEditorProps } from './BasicEditors.tsx';

interface EquipRef {
  equipmentId: string;
  title: string;
}

function readRefs(value: unknown): EquipRef[] {
  return Array.isArray(value)
    ? value.filter(
        (entry): entry is EquipRef =>
          typeof entry === 'object' && entry !== null && typeof (entry as EquipRef).equipmentId === 'string',
      )
    : [];
}

export function EquipsEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const chosen = readRefs(value);
  const devices = useQuery({
    queryKey: ['designer', 'equips', keyword],
    queryFn: () => catalogueApi.queryDevices({ page: 1, pageSize: 50, ...(keyword ? { keyword } : {}) }),
  });
  const options = new Map(chosen.map((ref) => [ref.equipmentId, ref.title]));
  for (const device of devices.data?.list ?? []) options.set(device.id, device.name);
  return (
    <Select
      mode="multiple"
      size="small"
      style={{ width: '100%' }}
      data-testid={descriptor.key}
      placeholder={t('fleet.widget.chooseDevices')}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={devices.isFetching}
      value={chosen.map((ref) => ref.equipmentId)}
      options={[...options].map(([id, title]) => ({ value: id, label: title }))}
      onChange={(ids: string[]) =>
        onChange(ids.map((id) => ({ equipmentId: id, title: options.get(id) ?? id })))
      }
    />
  );
}
