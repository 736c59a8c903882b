/**
 * A gateway's remote settings (§3, §4, §9): working mode, WAN, WLAN, Wi-Fi, LAN and MQTT, smart
 * traffic saving with the change-report interval, anti-tamper, base-station positioning and the
 * dormant state. Checked with the contract's §5 rules before sending; after the gateway answered,
 * each setting shows what the gateway did with it (applied, after restart, not on this gateway).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GATEWAY_MODES,
  REPORT_INTERVAL_MAX_SECONDS,
  REPORT_INTERVAL_MIN_SECONDS,
  MQTT_KEEPALIVE_MAX_SECONDS,
  MQTT_KEEPALIVE_MIN_SECONDS,
  MQTT_SUBSCRIBE_TOPIC_MAX_LENGTH,
  WAN_ADDRESSING,
  WIFI_ROLES,
  type GatewaySettingKey,
  type SettingOutcome,
  ownTopicPrefix,
} from '@lyyp/contracts/gateway-ops';
import { gatewayOpsApi, type GatewaySettings } from '../../api/gateway-ops.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { describeOpsFailure, requireDelivered } from './gateway-ops-text.ts';
import { MqttTlsFiles } from './MqttTlsFiles.tsx';
import { checkSettings } from './settings-form.ts';

export const gatewaySettingsKey = (deviceId: string) => ['gateway-settings', deviceId] as const;

const OUTCOME_COLOURS: Record<SettingOutcome['status'], string> = {
  applied: 'success',
  'restart-required': 'warning',
  unsupported: 'default',
  failed: 'error',
};

const STATE_COLOURS = {
  none: 'default',
  syncing: 'processing',
  complete: 'success',
  failed: 'error',
} as const;

export function GatewaySettingsPanel({ deviceId, manage }: { deviceId: string; manage: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GatewaySettings>();
  const answer = useQuery({
    queryKey: gatewaySettingsKey(deviceId),
    queryFn: () => gatewayOpsApi.settings(deviceId),
  });
  const data = answer.data;

  useEffect(() => {
    if (data) form.setFieldsValue(data.settings);
  }, [data, form]);

  const save = useMutation({
    mutationFn: (settings: GatewaySettings) =>
      gatewayOpsApi.saveSettings(deviceId, settings).then(requireDelivered),
    onSuccess: () => void message.success(t('gatewayOps.settings.saved')),
    onError: (error) => void message.error(describeOpsFailure(error, locale)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gatewaySettingsKey(deviceId) }),
  });

  const submit = () => {
    const checked = checkSettings(form.getFieldsValue(true), locale, data?.sn);
    // Paths come from the same schema the form is built on.
    if (!checked.ok) return form.setFields(checked.errors as Parameters<typeof form.setFields>[0]);
    save.mutate(checked.settings);
  };

  const outcomeOf = (key: GatewaySettingKey): ReactNode => {
    const outcome = data?.outcomes.find((item) => item.key === key);
    if (!outcome) return null;
    return (
      <Tag
        color={OUTCOME_COLOURS[outcome.status]}
        data-testid={`outcome-${key}`}
        // A failure the gateway reported (the MQTT address it could not reach, 1517) in words.
        title={outcome.code ? translateCatalogue(outcome.code, locale) : undefined}
      >
        {t(`gatewayOps.settings.outcome.${outcome.status}`)}
        {outcome.code ? `: ${translateCatalogue(outcome.code, locale)}` : null}
      </Tag>
    );
  };
  const section = (key: GatewaySettingKey, title: string, children: ReactNode) => (
    <Card size="small" title={title} extra={outcomeOf(key)} style={{ height: '100%' }}>
      {children}
    </Card>
  );
  const field = (key: string) => t(`gatewayOps.fields.${key}`);
  const wanStatic = Form.useWatch(['wan', 'addressing'], form) === 'static';
  const wifiOn = Form.useWatch(['wifi', 'enabled'], form) === true;

  return (
    <Card
      size="small"
      title={t('gatewayOps.settings.title')}
      data-testid="gateway-settings"
      extra={
        <Space>
          {data ? (
            <Tag color={STATE_COLOURS[data.state]} data-testid="settings-state">
              {t(`gatewayOps.settings.state.${data.state}`)}
            </Tag>
          ) : null}
          {manage ? (
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="save-settings">
              {t('gatewayOps.settings.save')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {data?.restartRequired.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('gatewayOps.settings.restartNeeded', {
            keys: data.restartRequired.map((key) => field(key)).join('、'),
          })}
        />
      ) : null}
      {data?.state === 'failed' && data.code ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={translateCatalogue(data.code, locale)}
        />
      ) : null}
      <Form form={form} layout="vertical" disabled={!manage} size="small">
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={8}>
            {section(
              'mode',
              t('gatewayOps.settings.sections.mode'),
              <Form.Item name="mode" extra={t('gatewayOps.settings.modeHint')} style={{ marginBottom: 0 }}>
                <Radio.Group
                  options={GATEWAY_MODES.map((mode) => ({
                    value: mode,
                    label: t(`gatewayOps.settings.modes.${mode}`),
                  }))}
                />
              </Form.Item>,
            )}
          </Col>
          <Col xs={24} lg={8}>
            {section(
              'wan',
              t('gatewayOps.settings.sections.wan'),
              <>
                <Form.Item name={['wan', 'addressing']} label={field('wan.addressing')}>
                  <Select
                    options={WAN_ADDRESSING.map((value) => ({
                      value,
                      label: t(`gatewayOps.settings.addressing.${value}`),
                    }))}
                  />
                </Form.Item>
                {wanStatic ? (
                  <>
                    <Form.Item name={['wan', 'ip']} label={field('wan.ip')}>
                      <Input placeholder="192.168.0.10" />
                    </Form.Item>
                    <Form.Item name={['wan', 'subnet']} label={field('wan.subnet')}>
                      <Input placeholder="255.255.255.0" />
                    </Form.Item>
                    <Form.Item name={['wan', 'gateway']} label={field('wan.gateway')}>
                      <Input placeholder="192.168.0.1" />
                    </Form.Item>
                  </>
                ) : null}
                <Form.Item name={['wan', 'dns']} label={field('wan.dns')} style={{ marginBottom: 0 }}>
                  <Input placeholder="114.114.114.114, 8.8.8.8" />
                </Form.Item>
              </>,
            )}
          </Col>
          <Col xs={24} lg={8}>
            {section(
              'lan',
              t('gatewayOps.settings.sections.lan'),
              <>
                <Form.Item name={['lan', 'ip']} label={field('lan.ip')}>
                  <Input />
                </Form.Item>
                <Form.Item name={['lan', 'subnet']} label={field('lan.subnet')}>
                  <Input />
                </Form.Item>
                <Form.Item
                  name={['lan', 'dhcpServer']}
                  label={field('lan.dhcpServer')}
                  valuePropName="checked"
                  style={{ marginBottom: 0 }}
                >
                  <Switch />
                </Form.Item>
              </>,
            )}
          </Col>
          <Col xs={24} lg={8}>
            {section(
              'wlan',
              t('gatewayOps.settings.sections.wlan'),
              <>
                <Form.Item name={['wlan', 'enabled']} label={field('wlan.enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name={['wlan', 'apn']} label={field('wlan.apn')} style={{ marginBottom: 0 }}>
                  <Input placeholder="cmnet" />
                </Form.Item>
              </>,
            )}
          </Col>
          <Col xs={24} lg={8}>
            {section(
              'wifi',
              t('gatewayOps.settings.sections.wifi'),
              <>
                <Form.Item name={['wifi', 'enabled']} label={field('wifi.enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                {wifiOn ? (
                  <>
                    <Form.Item name={['wifi', 'role']} label={field('wifi.role')}>
                      <Radio.Group
                        options={WIFI_ROLES.map((value) => ({
                          value,
                          label: t(`gatewayOps.settings.wifiRoles.${value}`),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={['wifi', 'ssid']} label={field('wifi.ssid')}>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={['wifi', 'password']}
                      label={field('wifi.password')}
                      style={{ marginBottom: 0 }}
                    >
                      <Input.Password
                        autoComplete="new-password"
                        placeholder={
                          data?.wifiPasswordSet ? t('gatewayOps.settings.passwordKept') : undefined
                        }
                      />
                    </Form.Item>
                  </>
                ) : null}
              </>,
            )}
          </Col>
          <Col xs={24} lg={8}>
            {section(
              'mqtt',
              t('gatewayOps.settings.sections.mqtt'),
              <>
                <Form.Item name={['mqtt', 'url']} label={field('mqtt.url')}>
                  <Input placeholder="mqtt://iot.example.com:1883" />
                </Form.Item>
                <Form.Item name={['mqtt', 'keepAliveSeconds']} label={field('mqtt.keepAliveSeconds')}>
                  <InputNumber
                    min={MQTT_KEEPALIVE_MIN_SECONDS}
                    max={MQTT_KEEPALIVE_MAX_SECONDS}
                    precision={0}
                  />
                </Form.Item>
                <Form.Item
                  name={['mqtt', 'subscribeTopic']}
                  label={field('mqtt.subscribeTopic')}
                  extra={t('gatewayOps.settings.subscribeTopicHint', {
                    prefix: ownTopicPrefix(data?.sn ?? '{sn}'),
                  })}
                >
                  <Input
                    maxLength={MQTT_SUBSCRIBE_TOPIC_MAX_LENGTH}
                    placeholder={`${ownTopicPrefix(data?.sn ?? '{sn}')}meter/#`}
                    data-testid="mqtt-subscribe-topic"
                  />
                </Form.Item>
                <MqttTlsFiles
                  deviceId={deviceId}
                  files={data?.tlsFiles ?? []}
                  manage={manage}
                  onChanged={() =>
                    void queryClient.invalidateQueries({ queryKey: gatewaySettingsKey(deviceId) })
                  }
                />
              </>,
            )}
          </Col>
          <Col xs={24}>
            <Card size="small" title={t('gatewayOps.settings.sections.features')}>
              <Row gutter={[24, 8]}>
                {(
                  [
                    ['trafficSaving', t('gatewayOps.settings.trafficSavingHint')],
                    ['antiTamper', null],
                    ['basePositioning', null],
                    ['dormant', null],
                  ] as const
                ).map(([key, hint]) => (
                  <Col key={key} xs={12} md={6}>
                    <Form.Item
                      name={key}
                      label={
                        <Space size={4}>
                          {field(key)}
                          {outcomeOf(key)}
                        </Space>
                      }
                      valuePropName="checked"
                      extra={hint}
                    >
                      <Switch data-testid={`switch-${key}`} />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={12}>
                  <Form.Item
                    name="reportIntervalSeconds"
                    label={
                      <Space size={4}>
                        {field('reportIntervalSeconds')}
                        {outcomeOf('reportIntervalSeconds')}
                      </Space>
                    }
                    extra={t('gatewayOps.settings.reportIntervalHint')}
                  >
                    <InputNumber
                      min={REPORT_INTERVAL_MIN_SECONDS}
                      max={REPORT_INTERVAL_MAX_SECONDS}
                      precision={0}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
        </Row>
      </Form>
      {data?.updatedAt ? (
        <Typography.Text type="secondary">{new Date(data.updatedAt).toLocaleString(locale)}</Typography.Text>
      ) : null}
    </Card>
  );
}
