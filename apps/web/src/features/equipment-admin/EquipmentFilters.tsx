/** The filters of the staff device list: product, gateway SN, online state, owner, group, SIM state. */
import { EQUIPMENT_SIM_STATES, GATEWAY_STATES, type EquipmentFilter } from '@lyyp/contracts/equipment-admin';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { simStateName } from './equipment-text.ts';

interface EquipmentFiltersProps {
  onSearch: (filter: EquipmentFilter) => void;
}

export function EquipmentFilters({ onSearch }: EquipmentFiltersProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<EquipmentFilter>();
  const products = useQuery({
    queryKey: ['products', 'selectable'],
    queryFn: catalogueApi.listSelectableProducts,
  });
  const groups = useQuery({ queryKey: ['device-groups'], queryFn: catalogueApi.listDeviceGroups });
  const submit = (values: EquipmentFilter) =>
    onSearch(
      Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')),
    );

  return (
    <Form
      form={form}
      layout="inline"
      name="equipment-filters"
      onFinish={submit}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="productId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          placeholder={t('equipmentAdmin.filters.product')}
          options={(products.data ?? []).map((product) => ({ value: product.id, label: product.title }))}
        />
      </Form.Item>
      <Form.Item name="gatewaySn">
        <Input allowClear style={{ width: 150 }} placeholder={t('equipmentAdmin.filters.gatewaySn')} />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('equipmentAdmin.filters.status')}
          options={GATEWAY_STATES.map((status) => ({
            value: status,
            label: t(`monitor.gatewayStatus.${status}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="owner">
        <Input allowClear style={{ width: 280 }} placeholder={t('equipmentAdmin.filters.owner')} />
      </Form.Item>
      <Form.Item name="groupName">
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('equipmentAdmin.filters.group')}
          options={(groups.data ?? []).map((group) => ({ value: group, label: group }))}
        />
      </Form.Item>
      <Form.Item name="simState">
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('equipmentAdmin.filters.simState')}
          options={EQUIPMENT_SIM_STATES.map((state) => ({
            value: state,
            label: simStateName(state, locale),
          }))}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="equipment-search">
          {t('equipmentAdmin.filters.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('equipmentAdmin.filters.reset')}
        </Button>
      </Space>
    </Form>
  );
}
