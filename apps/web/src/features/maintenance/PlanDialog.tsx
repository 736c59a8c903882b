/**
 * Creates or edits an inspection plan: devices, checklist items (readings with their expected
 * range), the schedule and the inspectors (people who may see the first chosen device).
 */
import {
  INSPECTION_FREQUENCIES,
  INSPECTION_ITEMS_MAX,
  INSPECTION_ITEM_NAME_MAX_LENGTH,
  INSPECTION_PLAN_NAME_MAX_LENGTH,
  type InspectionFrequency,
  type InspectionPlanInput,
  type InspectionPlanItem,
} from '@lyyp/contracts/maintenance';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormDialog } from '../../blocks/index.ts';
import { INSPECTION_FREQUENCY_NAMES } from '@lyyp/contracts/maintenance';
import { useRequired } from '../auth/use-form-support.ts';

interface PlanForm {
  name: string;
  deviceIds: string[];
  items: Array<{
    id?: string;
    name: string;
    kind: 'check' | 'reading';
    unit?: string;
    low?: number | null;
    high?: number | null;
  }>;
  frequency: InspectionFrequency;
  weekday?: number;
  monthDay?: number;
  inspectorIds: string[];
}

export function PlanDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan: InspectionPlanItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const required = useRequired();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<PlanForm>();
  const deviceIds = Form.useWatch('deviceIds', form) ?? [];
  const frequency = Form.useWatch('frequency', form);
  const devices = useQuery({
    queryKey: ['maintenance', 'plan-devices'],
    queryFn: () => catalogueApi.queryDevices({ page: 1, pageSize: 100 }),
  });
  const firstDevice = deviceIds[0];
  const people = useQuery({
    queryKey: ['maintenance', 'assignees', firstDevice],
    queryFn: () => maintenanceApi.assignees(firstDevice!),
    enabled: Boolean(firstDevice),
  });
  const save = (values: PlanForm) => {
    const body: InspectionPlanInput = {
      ...(plan ? { id: plan.id } : {}),
      name: values.name,
      deviceIds: values.deviceIds,
      items: values.items.map((item, index) => ({
        id: item.id ?? `item-${index + 1}-${Date.now().toString(36)}`,
        name: item.name,
        kind: item.kind,
        unit: item.unit ?? '',
        low: item.kind === 'reading' ? (item.low ?? null) : null,
        high: item.kind === 'reading' ? (item.high ?? null) : null,
      })),
      schedule: {
        frequency: values.frequency,
        ...(values.frequency === 'weekly' ? { weekday: values.weekday ?? 1 } : {}),
        ...(values.frequency === 'monthly' ? { monthDay: values.monthDay ?? 1 } : {}),
        utcOffsetMinutes: -new Date().getTimezoneOffset(),
      },
      inspectorIds: values.inspectorIds,
    };
    return maintenanceApi.savePlan(body);
  };
  const initial: Partial<PlanForm> = plan
    ? {
        name: plan.name,
        deviceIds: plan.devices.map((device) => device.id),
        items: plan.items,
        frequency: plan.schedule.frequency,
        ...(plan.schedule.weekday ? { weekday: plan.schedule.weekday } : {}),
        ...(plan.schedule.monthDay ? { monthDay: plan.schedule.monthDay } : {}),
        inspectorIds: plan.inspectors.map((person) => person.id),
      }
    : { frequency: 'daily', items: [{ name: '', kind: 'check' }] };
  const weekdays = t('maintenance.inspection.weekdays', { returnObjects: true }) as string[];

  return (
    <FormDialog<PlanForm>
      width={640}
      title={plan ? t('maintenance.inspection.editPlan') : t('maintenance.inspection.newPlan')}
      okText={t('monitor.common.confirm')}
      {...{ onClose, form, onSaved }}
      initialValues={initial}
      submit={save}
      successText={null}
    >
      <Form.Item
        name="name"
        label={t('maintenance.fields.planName')}
        rules={required(t('maintenance.fields.planName'))}
      >
        <Input maxLength={INSPECTION_PLAN_NAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        name="deviceIds"
        label={t('maintenance.fields.devices')}
        rules={required(t('maintenance.fields.devices'), 'choice')}
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          loading={devices.isLoading}
          options={(devices.data?.list ?? []).map((device) => ({ value: device.id, label: device.name }))}
        />
      </Form.Item>
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <Form.Item label={t('maintenance.fields.items')} required>
            {fields.map((field) => (
              <Space key={field.key} wrap align="baseline" style={{ marginBottom: 4 }}>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={required(t('maintenance.fields.itemName'))}
                  noStyle
                >
                  <Input
                    style={{ width: 150 }}
                    placeholder={t('maintenance.fields.itemName')}
                    maxLength={INSPECTION_ITEM_NAME_MAX_LENGTH}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} noStyle>
                  <Select
                    style={{ width: 96 }}
                    options={[
                      { value: 'check', label: t('maintenance.inspection.check') },
                      { value: 'reading', label: t('maintenance.inspection.readingKind') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'low']} noStyle>
                  <InputNumber style={{ width: 80 }} placeholder={t('maintenance.fields.low')} />
                </Form.Item>
                <Form.Item name={[field.name, 'high']} noStyle>
                  <InputNumber style={{ width: 80 }} placeholder={t('maintenance.fields.high')} />
                </Form.Item>
                <Form.Item name={[field.name, 'unit']} noStyle>
                  <Input style={{ width: 64 }} placeholder={t('maintenance.fields.unit')} />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(field.name)} />
              </Space>
            ))}
            {fields.length < INSPECTION_ITEMS_MAX ? (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', kind: 'check' })}>
                {t('maintenance.inspection.addItem')}
              </Button>
            ) : null}
          </Form.Item>
        )}
      </Form.List>
      <Space wrap>
        <Form.Item name="frequency" label={t('maintenance.fields.frequency')}>
          <Select
            style={{ width: 120 }}
            options={INSPECTION_FREQUENCIES.map((code) => ({
              value: code,
              label: INSPECTION_FREQUENCY_NAMES[code][locale === 'en-US' ? 'en' : 'zh'],
            }))}
          />
        </Form.Item>
        {frequency === 'weekly' ? (
          <Form.Item name="weekday" label={t('maintenance.fields.weekday')} initialValue={1}>
            <Select
              style={{ width: 100 }}
              options={weekdays.map((label, index) => ({ value: index + 1, label }))}
            />
          </Form.Item>
        ) : null}
        {frequency === 'monthly' ? (
          <Form.Item name="monthDay" label={t('maintenance.fields.monthDay')} initialValue={1}>
            <InputNumber min={1} max={28} />
          </Form.Item>
        ) : null}
      </Space>
      <Form.Item
        name="inspectorIds"
        label={t('maintenance.fields.inspectors')}
        rules={required(t('maintenance.fields.inspectors'), 'choice')}
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          loading={people.isLoading}
          options={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
