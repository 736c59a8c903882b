/**
 * Device info (§3 device fields): name, group, address and position, ICCID, remark, device number,
 * factory and install dates, warranty, manufacturer and sort number, edited by whom the policy allows
 * (`device.edit`: the owner, staff with the edit code).
 * Limits from contracts are checked as typed; the others show on the input the platform names.
 */
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REMARK_MAX_LENGTH,
  maxLengthCheck,
  type Check,
} from '@lyyp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Tag,
  type FormRule,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DeviceStoragePanel } from '../storage/StoragePanel.tsx';
import type { DeviceDetail, DeviceFields } from '../../api/catalogue.types.ts';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { CoordinateFields } from '../../blocks/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { describeViolation } from './common/catalogue-text.ts';
import { formatTime } from './common/format-time.ts';
import { requiredCheck, rulesFromChecks } from './common/schema-rules.ts';
import { locateFields, useFormFailure } from './common/use-form-failure.ts';
import { useDeviceAbilities } from './common/use-device-abilities.ts';
import type { DeviceTabProps } from './device-tab-props.ts';
import { deviceQueryKey } from './use-device.ts';
import {
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_NUMBER_MAX_LENGTH,
  WARRANTY_MONTHS_MAX,
  checkIccid,
} from '@lyyp/contracts/device';

interface InfoValues extends Omit<DeviceFields, 'factoryDate' | 'installDate'> {
  factoryDate?: Dayjs | null;
  installDate?: Dayjs | null;
}

const TEXT_FIELDS = [
  'name',
  'groupName',
  'address',
  'iccid',
  'remark',
  'deviceNumber',
  'manufacturer',
] as const;
const locate = locateFields([
  ...TEXT_FIELDS,
  'longitude',
  'latitude',
  'factoryDate',
  'installDate',
  'warrantyMonths',
  'sortNumber',
]);
const DATE_FORMAT = 'YYYY-MM-DD';

function toValues(device: DeviceDetail): InfoValues {
  return {
    ...device,
    factoryDate: device.factoryDate ? dayjs(device.factoryDate) : null,
    installDate: device.installDate ? dayjs(device.installDate) : null,
    // 0 is "no sort number": the input stays empty rather than showing an out-of-range 0.
    sortNumber: device.sortNumber > 0 ? device.sortNumber : undefined,
  };
}

/** The changes as the API takes them: an emptied input is sent empty, which clears it. */
function toFields(values: InfoValues): Partial<DeviceFields> {
  const fields: Partial<DeviceFields> = {
    longitude: values.longitude ?? null,
    latitude: values.latitude ?? null,
    warrantyMonths: values.warrantyMonths ?? null,
    factoryDate: values.factoryDate ? values.factoryDate.format(DATE_FORMAT) : null,
    installDate: values.installDate ? values.installDate.format(DATE_FORMAT) : null,
  };
  for (const field of TEXT_FIELDS) fields[field] = values[field]?.trim() ?? '';
  if (values.sortNumber) fields.sortNumber = values.sortNumber;
  return fields;
}

export function DeviceInfoTab({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InfoValues>();
  const { alertText, showFailure, clearFailure } = useFormFailure(form, locate);
  const editable = useDeviceAbilities(device.id)('device.edit');
  const save = useMutation({
    mutationFn: (values: InfoValues) => catalogueApi.editDevice(device.id, toFields(values)),
    onSuccess: async () => {
      void message.success(t('monitor.common.saved'));
      await queryClient.invalidateQueries({ queryKey: deviceQueryKey(device.id) });
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
    onError: showFailure,
  });

  const rule = (...checks: Check[]) => rulesFromChecks(locale, ...checks);
  /** §5: the install date cannot precede the factory date (1804, as the platform says it). */
  const installAfterFactory: FormRule = ({ getFieldValue }) => ({
    validator: (_rule, install: Dayjs | null | undefined) => {
      const factory = getFieldValue('factoryDate') as Dayjs | null | undefined;
      return factory && install && install.isBefore(factory, 'day')
        ? Promise.reject(new Error(describeViolation({ code: '1804' }, locale)))
        : Promise.resolve();
    },
  });
  const before1970 = (day: Dayjs) => day.year() < 1970;
  const text = (field: (typeof TEXT_FIELDS)[number], label: string, checks: Check[], span = 8) => (
    <Col xs={24} md={span}>
      <Form.Item name={field} label={label} rules={rule(...checks)}>
        <Input />
      </Form.Item>
    </Col>
  );

  return (
    <div>
      <Descriptions size="small" column={{ xs: 1, md: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('monitor.device.gatewaySn')}>{device.gatewaySn}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.fields.productId')}>{device.product.title}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.fields.owner')}>{device.ownerName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.device.shareState')}>
          <Tag color={device.shared ? 'blue' : 'default'}>
            {device.shared ? t('monitor.device.sharing') : t('monitor.device.notSharing')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.device.boundAt')}>
          {formatTime(device.createdAt)}
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        name="device-info"
        layout="vertical"
        disabled={!editable}
        initialValues={toValues(device)}
        onFinish={(values) => save.mutate(values)}
        onValuesChange={clearFailure}
      >
        <FormAlert text={alertText} />
        <Row gutter={16}>
          {text('name', t('monitor.device.name'), [
            requiredCheck('name'),
            maxLengthCheck('name', DEVICE_NAME_MAX_LENGTH),
          ])}
          {text('groupName', t('monitor.fields.groupName'), [maxLengthCheck('groupName', NAME_MAX_LENGTH)])}
          <Col xs={24} md={8}>
            <Form.Item
              name="sortNumber"
              label={t('monitor.fields.sortNumber')}
              extra={t('monitor.device.sortHint')}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {text('address', t('monitor.device.address'), [maxLengthCheck('address', ADDRESS_MAX_LENGTH)], 12)}
          <CoordinateFields />
          {text('iccid', t('monitor.fields.iccid'), [(value) => (value.trim() ? checkIccid(value) : null)])}
          {text('deviceNumber', t('monitor.fields.deviceNumber'), [
            maxLengthCheck('deviceNumber', DEVICE_NUMBER_MAX_LENGTH),
          ])}
          {text('manufacturer', t('monitor.fields.manufacturer'), [
            maxLengthCheck('manufacturer', COMPANY_NAME_MAX_LENGTH),
          ])}
          <Col xs={24} md={8}>
            <Form.Item name="factoryDate" label={t('monitor.fields.factoryDate')}>
              <DatePicker disabledDate={before1970} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="installDate"
              label={t('monitor.fields.installDate')}
              dependencies={['factoryDate']}
              rules={[installAfterFactory]}
            >
              <DatePicker disabledDate={before1970} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="warrantyMonths" label={t('monitor.fields.warrantyMonths')}>
              <InputNumber min={0} max={WARRANTY_MONTHS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {text('remark', t('monitor.fields.remark'), [maxLengthCheck('remark', REMARK_MAX_LENGTH)], 24)}
        </Row>
        {editable ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('monitor.common.save')}
          </Button>
        ) : null}
      </Form>
      <DeviceStoragePanel deviceId={device.id} />
    </div>
  );
}
