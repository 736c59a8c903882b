/**
 * Gateways → Credentials: what the edge agent signs in with (SN, secret, broker address, topics),
 * for operation staff in scope and the gateway's owner, and "rotate secret": the old secret stops
 * working at once, the new one is shown in full once with how the agent takes it.
 */
import { KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Input, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { GatewayCredentials, GatewaySecretRotated } from '../../api/catalogue.types.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { copyText } from '../monitor/common/copy-text.ts';

interface GatewayCredentialsDialogProps {
  sn: string | null;
  canRotate: boolean;
  onClose: () => void;
}

/** The agent's start line, with the secret left to its environment file. */
function agentCommand(credentials: GatewayCredentials): string {
  return `GATEWAY_SECRET=… lyyp-gateway --sn ${credentials.sn} --platform ${credentials.mqtt.url}`;
}

function TopicList({ topics }: { topics: string[] }) {
  return (
    <Space orientation="vertical" size={0}>
      {topics.map((topic) => (
        <Typography.Text key={topic} code>
          {topic}
        </Typography.Text>
      ))}
    </Space>
  );
}

export function GatewayCredentialsDialog({ sn, canRotate, onClose }: GatewayCredentialsDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const credentials = useQuery({
    queryKey: ['gateway-credentials', sn],
    queryFn: () => catalogueApi.gatewayCredentials(sn!),
    enabled: sn !== null,
    // Secrets are not kept in the cache once the dialog closes.
    gcTime: 0,
  });
  const rotate = useMutation<GatewaySecretRotated>({
    mutationFn: () => catalogueApi.rotateGatewaySecret(sn!),
    onError: (error) => void message.error(describeFailure(error)),
  });
  const rotated = rotate.data ?? null;
  const shown = rotated ?? credentials.data ?? null;

  const close = () => {
    rotate.reset();
    onClose();
  };

  return (
    <Modal
      open={sn !== null}
      title={t('monitor.gateway.credentials.title', { sn: sn ?? '' })}
      width={720}
      onCancel={close}
      footer={
        <Space>
          {canRotate && !rotated ? (
            <Popconfirm
              title={t('monitor.gateway.credentials.rotate')}
              description={
                <div style={{ maxWidth: 360 }}>{t('monitor.gateway.credentials.rotateConfirm')}</div>
              }
              okText={t('monitor.gateway.credentials.rotate')}
              cancelText={t('monitor.common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => rotate.mutate()}
            >
              <Button danger icon={<KeyOutlined />} loading={rotate.isPending}>
                {t('monitor.gateway.credentials.rotate')}
              </Button>
            </Popconfirm>
          ) : null}
          <Button type="primary" onClick={close}>
            {t('monitor.common.close')}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      {credentials.error ? <Alert type="error" showIcon title={describeFailure(credentials.error)} /> : null}
      {!shown && !credentials.error ? <Spin /> : null}
      {shown ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {rotated ? (
            <Alert
              type="warning"
              showIcon
              data-testid="secret-rotated"
              title={t('monitor.gateway.credentials.rotated')}
              description={
                <>
                  <div>{t('monitor.gateway.credentials.rotatedHow')}</div>
                  <div>
                    {rotated.disconnected
                      ? t('monitor.gateway.credentials.disconnected')
                      : t('monitor.gateway.credentials.notConnected')}
                  </div>
                </>
              }
            />
          ) : null}
          <Descriptions column={1} bordered size="small" data-testid="gateway-credentials">
            <Descriptions.Item label={t('monitor.fields.sn')}>
              <Typography.Text copyable>{shown.sn}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.gateway.credentials.clientId')}>
              {shown.mqtt.clientId}
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.fields.secret')}>
              {rotated ? (
                <Typography.Text copyable code data-testid="new-secret">
                  {rotated.secret}
                </Typography.Text>
              ) : (
                <Space.Compact style={{ width: '100%' }}>
                  <Input.Password readOnly value={shown.secret} aria-label={t('monitor.fields.secret')} />
                  <Button
                    onClick={() =>
                      void copyText(shown.secret).then((copied) =>
                        copied
                          ? message.success(t('monitor.common.copied'))
                          : message.error(t('monitor.common.copyFailed')),
                      )
                    }
                  >
                    {t('monitor.common.copy')}
                  </Button>
                </Space.Compact>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.gateway.credentials.broker')}>
              <Typography.Text copyable>{shown.mqtt.url}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.gateway.credentials.publish')}>
              <TopicList topics={shown.mqtt.publish} />
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.gateway.credentials.subscribe')}>
              <TopicList topics={shown.mqtt.subscribe} />
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.gateway.credentials.agentCommand')}>
              <Space orientation="vertical" size={4}>
                <Typography.Text code copyable>
                  {agentCommand(shown)}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('monitor.gateway.credentials.agentHint')}
                </Typography.Text>
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      ) : null}
    </Modal>
  );
}
