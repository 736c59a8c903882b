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
import { FormDialog, TextField, type EditDialogProps } from '../../blocks/index.ts';

interface DriverModelValues {
  name: string;
  protocol: Protocol;
  description?: string;
  settings: DriverModelSettings;
}

const FIELDS = ['name', 'protocol', 'description', 'settings'];
const DEFAULT_SETTINGS = driverModelSettingsSchema.parse({});

type SettingInput =
  | { kind: 'number'; min: number; max: number }
  | { kind: 'choice'; values: readonly (string | number)[]; labelled?: boolean }
  | { kind: 'switch' };

interface SettingCell {
  key: Extract<keyof DriverModelSettings, string>;
  span: number;
  input: SettingInput;
  /** Shown only for these protocols. */
  when?: readonly Protocol[];
}

/** The settings a driver made from the model starts with, row by row, each for the protocols it concerns. */
const SETTING_ROWS: readonly { cells: SettingCell[]; when?: readonly Protocol[]; keep?: boolean }[] = [
  {
    cells: [
      {
        key: 'pollIntervalMs',
        span: 8,
        input: { kind: 'number', min: POLL_INTERVAL_MIN_MS, max: POLL_INTERVAL_MAX_MS },
      },
      { key: 'timeoutMs', span: 8, input: { kind: 'number', min: TIMEOUT_MIN_MS, max: TIMEOUT_MAX_MS } },
      { key: 'port', span: 8, input: { kind: 'number', min: 1, max: 65535 }, when: ['modbus-tcp'] },
      { key: 'baudRate', span: 8, input: { kind: 'choice', values: BAUD_RATES }, when: ['modbus-rtu'] },
    ],
  },
  {
    when: ['opcua'],
    cells: [
      { key: 'securityMode', span: 8, input: { kind: 'choice', values: OPCUA_SECURITY_MODES } },
      { key: 'securityPolicy', span: 10, input: { kind: 'choice', values: OPCUA_SECURITY_POLICIES } },
      { key: 'subscribe', span: 6, input: { kind: 'switch' } },
    ],
  },
  {
    when: ['s7'],
    cells: [
      { key: 'rack', span: 8, input: { kind: 'number', min: 0, max: S7_RACK_MAX } },
      { key: 'slot', span: 8, input: { kind: 'number', min: 0, max: S7_SLOT_MAX } },
      { key: 'pduSize', span: 8, input: { kind: 'choice', values: S7_PDU_SIZES } },
    ],
  },
  {
    when: ['modbus-rtu'],
    cells: [
      { key: 'dataBits', span: 8, input: { kind: 'choice', values: DATA_BITS } },
      { key: 'parity', span: 8, input: { kind: 'choice', values: PARITIES, labelled: true } },
      { key: 'stopBits', span: 8, input: { kind: 'choice', values: STOP_BITS } },
    ],
  },
  {
    keep: true,
    cells: [
      { key: 'byteOrder16', span: 8, input: { kind: 'choice', values: BYTE_ORDERS_16 } },
      { key: 'byteOrder32', span: 8, input: { kind: 'choice', values: BYTE_ORDERS_32 } },
      { key: 'byteOrder64', span: 8, input: { kind: 'choice', values: BYTE_ORDERS_64 } },
    ],
  },
];

function settingInput(input: SettingInput, p: (key: string) => string) {
  if (input.kind === 'switch') return <Switch />;
  if (input.kind === 'number') {
    return <InputNumber min={input.min} max={input.max} precision={0} style={{ width: '100%' }} />;
  }
  return (
    <Select
      options={input.values.map((value) => ({
        value,
        label: input.labelled ? p(`parities.${value}`) : String(value),
      }))}
    />
  );
}

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
      title={model ? p('editModel') : p('addModel')}
      form={form}
      name="driverModel"
      fields={FIELDS}
      initialValues={initial}
      width={680}
      onClose={onClose}
      onSaved={onSaved}
      submit={submit}
    >
      <Row gutter={12}>
        <Col span={12}>
          <TextField
            name="name"
            label={p('name')}
            required={p('required.name')}
            maxLength={NAME_MAX_LENGTH}
          />
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
      {SETTING_ROWS.map((row, index) => {
        const shown = row.cells.filter((cell) => !cell.when || cell.when.includes(protocol));
        if (row.when && !row.when.includes(protocol)) return null;
        return (
          // Byte orders are Modbus settings kept in the form while hidden: OPC UA and S7 values
          // carry their own encoding.
          <Row key={index} gutter={12} style={row.keep && !isModbus ? { display: 'none' } : undefined}>
            {shown.map((cell) => (
              <Col key={cell.key} span={cell.span}>
                <Form.Item
                  name={['settings', cell.key]}
                  label={p(cell.key)}
                  valuePropName={cell.input.kind === 'switch' ? 'checked' : undefined}
                >
                  {settingInput(cell.input, p)}
                </Form.Item>
              </Col>
            ))}
          </Row>
        );
      })}
    </FormDialog>
  );
}
