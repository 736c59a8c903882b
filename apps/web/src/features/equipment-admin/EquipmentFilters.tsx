/** The filters of the staff device list: product, gateway SN, online state, owner, group, SIM state. */
import { EQUIPMENT_SIM_STATES, type EquipmentFilter } from '@lyyp/contracts/equipment-admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FilterBar } from '../../blocks/index.ts';
import { useGatewayStatusOptions } from '../gateway/status-tags.tsx';
import { simStateName } from './equipment-text.ts';

interface EquipmentFiltersProps {
  onSearch: (filter: EquipmentFilter) => void;
}

export function EquipmentFilters({ onSearch }: EquipmentFiltersProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const products = useQuery({
    queryKey: ['products', 'selectable'],
    queryFn: catalogueApi.listSelectableProducts,
  });
  const statusOptions = useGatewayStatusOptions();
  const groups = useQuery({ queryKey: ['device-groups'], queryFn: catalogueApi.listDeviceGroups });
  const placeholder = (field: string) => t(`equipmentAdmin.filters.${field}`);

  return (
    <FilterBar<EquipmentFilter>
      name="equipment-filters"
      searchText={placeholder('search')}
      resetText={placeholder('reset')}
      searchTestId="equipment-search"
      onSearch={(values) =>
        onSearch(
          Object.fromEntries(
            Object.entries(values).filter(([, value]) => value !== undefined && value !== ''),
          ),
        )
      }
      fields={[
        {
          name: 'productId',
          kind: 'select',
          searchable: true,
          width: 180,
          placeholder: placeholder('product'),
          options: (products.data ?? []).map((product) => ({ value: product.id, label: product.title })),
        },
        { name: 'gatewaySn', kind: 'text', width: 150, placeholder: placeholder('gatewaySn') },
        {
          name: 'status',
          kind: 'select',
          width: 120,
          placeholder: placeholder('status'),
          options: statusOptions,
        },
        { name: 'owner', kind: 'text', width: 280, placeholder: placeholder('owner') },
        {
          name: 'groupName',
          kind: 'select',
          width: 140,
          placeholder: placeholder('group'),
          options: (groups.data ?? []).map((group) => ({ value: group, label: group })),
        },
        {
          name: 'simState',
          kind: 'select',
          width: 140,
          placeholder: placeholder('simState'),
          options: EQUIPMENT_SIM_STATES.map((state) => ({
            value: state,
            label: simStateName(state, locale),
          })),
        },
      ]}
    />
  );
}
