/**
 * The TLS files of the gateway's MQTT connection (§5: pem or der, at most 1 MB): the CA to
 * trust, the client certificate and its key. Each is checked by the platform on upload and kept
 * there; what comes back is never the content: a certificate's subject, fingerprint and end of
 * validity, "stored" for a key. They go to the gateway with the next save of the settings.
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  MQTT_TLS_FILE_EXTENSIONS,
  MQTT_TLS_FILE_MAX_BYTES,
  MQTT_TLS_PARTS,
  type MqttTlsFile,
  type MqttTlsPart,
} from '@lyyp/contracts/gateway-ops';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayOpsApi } from '../../api/gateway-ops.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

function TlsFileRow({
  deviceId,
  part,
  file,
  manage,
  onChanged,
}: {
  deviceId: string;
  part: MqttTlsPart;
  file: MqttTlsFile | undefined;
  manage: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      onChanged();
    } catch (error) {
      void message.error(
        error instanceof Error && !('code' in error) ? error.message : describeFailure(error),
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    void run(async () => {
      // Too large is said at once; everything else is the platform's to judge.
      if (chosen.size > MQTT_TLS_FILE_MAX_BYTES) throw new Error(t('gatewayOps.tls.tooLarge'));
      await gatewayOpsApi.uploadTlsFile(deviceId, part, chosen, chosen.name);
      void message.success(t('gatewayOps.tls.uploaded'));
    });
  };

  return (
    <div data-testid={`tls-${part}`} style={{ marginBottom: 8 }}>
      <Space wrap size={4}>
        <Typography.Text>{t(`gatewayOps.tls.parts.${part}`)}</Typography.Text>
        {file ? (
          <Tag color="green" data-testid={`tls-${part}-stored`}>
            {part === 'key' ? t('gatewayOps.tls.keyStored') : t('gatewayOps.tls.stored')}
          </Tag>
        ) : (
          <Tag>{t('gatewayOps.tls.none')}</Tag>
        )}
        {manage ? (
          <>
            <input
              ref={input}
              type="file"
              style={{ display: 'none' }}
              accept={MQTT_TLS_FILE_EXTENSIONS.join(',')}
              data-testid={`tls-${part}-input`}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <Button
              size="small"
              icon={<UploadOutlined />}
              loading={busy}
              onClick={() => input.current?.click()}
            >
              {file ? t('gatewayOps.tls.replace') : t('gatewayOps.tls.upload')}
            </Button>
            {file ? (
              <Button
                size="small"
                type="link"
                disabled={busy}
                onClick={() => void run(() => gatewayOpsApi.removeTlsFile(deviceId, part))}
              >
                {t('gatewayOps.tls.remove')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Space>
      {file?.fingerprint ? (
        <Typography.Paragraph
          type="secondary"
          style={{ fontSize: 12, wordBreak: 'break-all', margin: '2px 0 0' }}
          data-testid={`tls-${part}-summary`}
        >
          {t('gatewayOps.tls.summary', {
            subject: file.subject,
            fingerprint: file.fingerprint,
            validTo: file.validTo?.slice(0, 10),
          })}
        </Typography.Paragraph>
      ) : null}
      {file && part === 'key' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('gatewayOps.tls.keySummary', { fileName: file.fileName, keyType: file.keyType ?? '' })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

export function MqttTlsFiles({
  deviceId,
  files,
  manage,
  onChanged,
}: {
  deviceId: string;
  files: readonly MqttTlsFile[];
  manage: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="mqtt-tls-files">
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 6 }}>
        {t('gatewayOps.tls.hint')}
      </Typography.Text>
      {MQTT_TLS_PARTS.map((part) => (
        <TlsFileRow
          key={part}
          deviceId={deviceId}
          part={part}
          file={files.find((file) => file.part === part)}
          manage={manage}
          onChanged={onChanged}
        />
      ))}
    </div>
  );
}
