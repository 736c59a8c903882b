/**
 * Adding or editing a driver: every field of the driver schema of its protocol (Modbus TCP or RTU,
 * OPC UA, S7), checked as typed by the schema in @lyyp/contracts; the fields of the other protocols
 * are hidden and not sent. An OPC UA password or private key is never shown: the field says
 * whether one is stored, blank keeps it, Remove clears it.
 */
import { useQuery } from '@tanstack/react-query';
import {
  BAUD_RATES,
  BYTE_ORDERS_16,
  BYTE_ORDERS_32,
  BYTE_ORDERS_64,
  DATA_BITS,
  OPCUA_AUTHENTICATIONS,
  OPCUA_SECURITY_MODES,
  OPCUA_SECURITY_POLICIES,
  PARITIES,
  POLL_INTERVAL_MAX_MS,
  POLL_INTERVAL_MIN_MS,
  PROTOCOLS,
  SLAVE_ID_MAX,
  SLAVE_ID_MIN,
  S7_PDU_SIZES,
  S7_RACK_MAX,
  S7_SLOT_MAX,
  STOP_BITS,
  TIMEOUT_MAX_MS,
  TIMEOUT_MIN_MS,
  driverSaveSchema,
  type PresentedDriver,
} from '@lyyp/contracts/device-model';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { systemCatalogueApi } from '../../api/system-catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { requiredKindOf, schemaRule } from '../monitor/common/schema-rules.ts';
import { locateFields } from '../monitor/common/use-form-failure.ts';
import { FormDialog } from '../../blocks/index.ts';
import {
  DEFAULT_PORTS,
  DRIVER_FIELDS,
  PROTOCOL_FIELDS,
  applyDriverModel,
  createDriverValues,
  toDriverInput,
  type DriverFormValues,
} from './driver-form.ts';
import { useModelChanged } from './use-product.ts';
import { CredentialUpload } from './tag-browser/CredentialUpload.tsx';
import { SecretField } from './SecretField.tsx';

/** Labels of the OPC UA user certificate fields (the tag browser's texts). */
const CREDENTIAL_LABELS: Readonly<Record<string, string>> = {
  userCertificate: 'tagBrowser.credential.userCertificate',
  userPrivateKey: 'tagBrowser.credential.userPrivateKey',
};

const locate = locateFields(DRIVER_FIELDS, 'driver.');
const toInput = (values: Record<string, unknown>) => toDriverInput(values);
const options = (values: readonly (string | number)[]) =>
  values.map((value) => ({ value, label: String(value) }));

export function DriverDialog({
  productId,
  driver,
  existingKeys,
  onClose,
}: {
  productId: string;
  /** The driver being edited (as answered: secrets only said to be set); null adds a new one. */
  driver: PresentedDriver | null;
  existingKeys: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<DriverFormValues>();
  const protocol = Form.useWatch('protocol', form) ?? driver?.protocol ?? 'modbus-tcp';
  const modelChanged = useModelChanged(productId);
  const driverModels = useQuery({
    queryKey: ['driver-models'],
    queryFn: () => systemCatalogueApi.protocols.driverModels(),
  });
  const submit = async (values: DriverFormValues) => {
    const change = await catalogueApi.saveDriver(productId, toDriverInput(values), driver?.key);
    await modelChanged(change);
    return change;
  };

  const rule = (field: string, control: ReactNode) => [
    schemaRule(driverSaveSchema, [field], toInput, locale, { kind: requiredKindOf(control) }),
  ];
  const item = (field: string, control: ReactNode, span = 12) => (
    <Col xs={24} md={span} key={field}>
      <Form.Item
        name={field}
        label={t(CREDENTIAL_LABELS[field] ?? `monitor.fields.${field}`)}
        rules={rule(field, control)}
        {...(field === 'subscribe' ? { valuePropName: 'checked' } : {})}
      >
        {control}
      </Form.Item>
    </Col>
  );
  const number = (min: number, max: number) => (
    <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
  );
  const protocolFields: Record<string, ReactNode> = {
    host: <Input placeholder="192.168.1.10" />,
    port: number(1, 65535),
    serialPort: <Input placeholder="/dev/ttyUSB0" />,
    baudRate: <Select options={options(BAUD_RATES)} />,
    dataBits: <Select options={options(DATA_BITS)} />,
    parity: <Select options={PARITIES.map((value) => ({ value, label: t(`monitor.parity.${value}`) }))} />,
    stopBits: <Select options={options(STOP_BITS)} />,
    slaveId: number(SLAVE_ID_MIN, SLAVE_ID_MAX),
    byteOrder16: <Select options={options(BYTE_ORDERS_16)} />,
    byteOrder32: <Select options={options(BYTE_ORDERS_32)} />,
    byteOrder64: <Select options={options(BYTE_ORDERS_64)} />,
    endpointUrl: <Input placeholder="opc.tcp://192.168.1.20:4840" data-testid="driver-endpoint" />,
    securityMode: <Select options={options(OPCUA_SECURITY_MODES)} />,
    securityPolicy: <Select options={options(OPCUA_SECURITY_POLICIES)} />,
    authentication: (
      <Select
        options={OPCUA_AUTHENTICATIONS.map((value) => ({
          value,
          label:
            value === 'certificate'
              ? t('tagBrowser.credential.authentication')
              : t(`monitor.opcuaAuthentication.${value}`),
        }))}
      />
    ),
    userName: <Input autoComplete="off" />,
    password: <SecretField stored={driver?.protocol === 'opcua' && driver.passwordSet} />,
    userCertificate: <CredentialUpload kind="certificate" />,
    userPrivateKey: (
      <CredentialUpload kind="key" stored={driver?.protocol === 'opcua' && driver.userPrivateKeySet} />
    ),
    subscribe: <Switch />,
    rack: number(0, S7_RACK_MAX),
    slot: number(0, S7_SLOT_MAX),
    localTsap: <Input placeholder="0200" />,
    remoteTsap: <Input placeholder="0201" />,
    pduSize: <Select options={options(S7_PDU_SIZES)} />,
  };
  const spanOf = (field: string) =>
    field === 'host' ||
    field === 'serialPort' ||
    field === 'endpointUrl' ||
    // Wide enough to read "set — leave blank to keep" beside Remove.
    field === 'password' ||
    field in CREDENTIAL_LABELS
      ? 12
      : field.startsWith('byteOrder')
        ? 8
        : 6;

  return (
    <FormDialog<DriverFormValues>
      width={720}
      title={driver ? t('monitor.driver.edit') : t('monitor.driver.add')}
      form={form}
      name="driver"
      initialValues={driver ? { ...driver } : createDriverValues(existingKeys)}
      fields={locate}
      submit={submit}
      successText={null}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} key="driverModelId">
          <Form.Item
            name="driverModelId"
            label={t('systemCatalogue.protocol.pick')}
            extra={t('systemCatalogue.protocol.pickHint')}
          >
            <Select
              allowClear
              data-testid="driver-model-select"
              loading={driverModels.isFetching}
              options={(driverModels.data ?? []).map((model) => ({
                value: model.id,
                label: `${model.name} · ${t(`monitor.protocol.${model.protocol}`)}`,
              }))}
              onChange={(id: string | undefined) => {
                const model = driverModels.data?.find((candidate) => candidate.id === id);
                if (!model) return;
                for (const [field, value] of Object.entries(applyDriverModel(model)))
                  form.setFieldValue(field, value);
              }}
            />
          </Form.Item>
        </Col>
        {item('name', <Input />)}
        {item('key', <Input />)}
        {item(
          'protocol',
          <Select
            options={PROTOCOLS.map((value) => ({ value, label: t(`monitor.protocol.${value}`) }))}
            onChange={(value: keyof typeof DEFAULT_PORTS) => {
              const port = DEFAULT_PORTS[value];
              if (port !== undefined) form.setFieldValue('port', port);
            }}
          />,
        )}
        {PROTOCOL_FIELDS[protocol].map((field) => item(field, protocolFields[field], spanOf(field)))}
        {item('pollIntervalMs', number(POLL_INTERVAL_MIN_MS, POLL_INTERVAL_MAX_MS))}
        {item('timeoutMs', number(TIMEOUT_MIN_MS, TIMEOUT_MAX_MS))}
      </Row>
    </FormDialog>
  );
}
