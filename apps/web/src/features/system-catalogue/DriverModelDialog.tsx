/**
 * Adding or editing a driver model: name, the built-in protocol it runs over, a description, and
 * the settings a driver made from it starts with (the line settings for RTU, the port for TCP, the
 * security and subscription for OPC UA, rack, slot and PDU size for S7).
 */
import {
  BAUD_RATES,
  BYTE_ORDERS_16,
  BYTE_ORDERS_32,
  BYTE_ORDERS_64,
  DATA_BITS,
  PARITIES,
  POLL_INTERVAL_MAX_MS,
  POLL_INTERVAL_MIN_MS,
  OPCUA_SECURITY_MODES,
  OPCUA_SECURITY_POLICIES,
  PROTOCOLS,
  S7_PDU_SIZES,
  S7_RACK_MAX,
  S7_SLOT_MAX,
  STOP_BITS,
  TIMEOUT_MAX_MS,
  TIMEOUT_MIN_MS,
  type Protocol,
} from '@lyyp/contracts/device-model';
import {
  DRIVER_MODEL_DESCRIPTION_MAX_LENGTH,
  PROTOCOL_DEFINITIONS,
  driverModelSettingsSchema,
} from '@lyyp/contracts/system';
import { NAME_MAX_LENGTH } from '@lyyp/contracts';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  systemCatalogueApi,
  type DriverModel,
  type DriverModelSettings,
} from '../../api/system-catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { FormDialog, type EditDialogProps } from '../../blocks/index.ts';

interface DriverModelValues {
  name: string;
  protocol: Protocol;
  description?: string;
  settings: DriverModelSettings;
}

const FIELDS = ['name', 'protocol', 'description', 'settings'];
const DEFAULT_SETTINGS = driverModelSettingsSchema.parse({});
const options = <T extends string | number>(values: readonly T[]) =>
  values.map((value) => ({ value, label: String(value) }));

export function DriverModelDialog({ item: model, onClose, onSaved }: EditDialogProps<DriverModel>) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<DriverModelValues>();
  const protocol = Form.useWatch<Protocol | undefined>('protocol', form) ?? model?.protocol ?? 'modbus-tcp';
  const isModbus = protocol === 'modbus-tcp' || protocol === 'modbus-rtu';
  const submit = (values: DriverModelValues) => {
    const body = {
      name: values.name.trim(),
      protocol: values.protocol,
      description: values.description?.trim() ?? '',
      settings: { ...DEFAULT_SETTINGS, ...model?.settings, ...values.settings },
    };
    return model
      ? systemCatalogueApi.protocols.editDriverModel({ ...body, id: model.id })
      : systemCatalogueApi.protocols.addDriverModel(body);
  };
  const initial: DriverModelValues = model
    ? { name: model.name, protocol: model.protocol, description: model.description, settings: model.settings }
    : { name: '', protocol: 'modbus-tcp', description: '', settings: DEFAULT_SETTINGS };
  const p = (key: string) => t(`systemCatalogue.protocol.${key}`);

  return (
    <FormDialog<DriverModelValues>
      width={680}
      title={model ? p('editModel') : p('addModel')}
      form={form}
      name="driverModel"
      initialValues={initial}
      fields={FIELDS}
      submit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="name"
            label={p('name')}
            rules={[{ required: true, whitespace: true, message: p('required.name') }]}
          >
            <Input maxLength={NAME_MAX_LENGTH} showCount />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="protocol" label={p('protocol')}>
            <Radio.Group
              optionType="button"
              options={PROTOCOLS.map((value) => ({
                value,
                label: PROTOCOL_DEFINITIONS[value].label[locale === 'en-US' ? 'en' : 'zh'],
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={p('description')}>
        <Input.TextArea maxLength={DRIVER_MODEL_DESCRIPTION_MAX_LENGTH} showCount rows={2} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name={['settings', 'pollIntervalMs']} label={p('pollIntervalMs')}>
            <InputNumber
              min={POLL_INTERVAL_MIN_MS}
              max={POLL_INTERVAL_MAX_MS}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['settings', 'timeoutMs']} label={p('timeoutMs')}>
            <InputNumber min={TIMEOUT_MIN_MS} max={TIMEOUT_MAX_MS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {protocol === 'modbus-tcp' ? (
          <Col span={8}>
            <Form.Item name={['settings', 'port']} label={p('port')}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : protocol === 'modbus-rtu' ? (
          <Col span={8}>
            <Form.Item name={['settings', 'baudRate']} label={p('baudRate')}>
              <Select options={options(BAUD_RATES)} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      {protocol === 'opcua' ? (
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name={['settings', 'securityMode']} label={p('securityMode')}>
              <Select options={options(OPCUA_SECURITY_MODES)} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name={['settings', 'securityPolicy']} label={p('securityPolicy')}>
              <Select options={options(OPCUA_SECURITY_POLICIES)} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name={['settings', 'subscribe']} label={p('subscribe')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {protocol === 's7' ? (
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name={['settings', 'rack']} label={p('rack')}>
              <InputNumber min={0} max={S7_RACK_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['settings', 'slot']} label={p('slot')}>
              <InputNumber min={0} max={S7_SLOT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['settings', 'pduSize']} label={p('pduSize')}>
              <Select options={options(S7_PDU_SIZES)} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {protocol === 'modbus-rtu' ? (
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name={['settings', 'dataBits']} label={p('dataBits')}>
              <Select options={options(DATA_BITS)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['settings', 'parity']} label={p('parity')}>
              <Select options={PARITIES.map((value) => ({ value, label: p(`parities.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['settings', 'stopBits']} label={p('stopBits')}>
              <Select options={options(STOP_BITS)} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {/* Byte orders are Modbus settings: OPC UA and S7 values carry their own encoding. */}
      <Row gutter={12} style={isModbus ? undefined : { display: 'none' }}>
        <Col span={8}>
          <Form.Item name={['settings', 'byteOrder16']} label={p('byteOrder16')}>
            <Select options={options(BYTE_ORDERS_16)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['settings', 'byteOrder32']} label={p('byteOrder32')}>
            <Select options={options(BYTE_ORDERS_32)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['settings', 'byteOrder64']} label={p('byteOrder64')}>
            <Select options={options(BYTE_ORDERS_64)} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
