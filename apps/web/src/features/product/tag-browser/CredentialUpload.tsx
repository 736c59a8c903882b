/**
 * A certificate or private key of an OPC UA driver, chosen as a file (pem or der, at most 1 MB):
 * the platform checks it on upload and answers it as PEM, which the form keeps; a certificate
 * shows its subject, thumbprint and end of validity so the person sees it is the right one. A
 * stored private key is never shown back: the field says it is set (a new file replaces it,
 * Remove clears it on save, as null).
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  OPCUA_CREDENTIAL_EXTENSIONS,
  OPCUA_CREDENTIAL_MAX_BYTES,
  type OpcUaCredentialAnswer,
  type OpcUaCredentialKind,
} from '@lyyp/contracts/opcua-browse';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opcUaBrowseApi } from '../../../api/opcua-browse.api.ts';
import { useDescribeFailure } from '../../monitor/common/catalogue-text.ts';

export function CredentialUpload({
  kind,
  value,
  onChange,
  stored = false,
}: {
  kind: OpcUaCredentialKind;
  value?: string | null;
  onChange?: (pem: string | null | undefined) => void;
  /** The platform holds one (a private key, which answers never carry). */
  stored?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const input = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<OpcUaCredentialAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      // Too large is said at once; everything else is the platform's to judge.
      if (file.size > OPCUA_CREDENTIAL_MAX_BYTES) throw new Error(t('tagBrowser.credential.tooLarge'));
      const answer = await opcUaBrowseApi.checkCredential(kind, file, file.name);
      setChecked(answer);
      onChange?.(answer.pem);
    } catch (error) {
      void message.error(
        error instanceof Error && !('code' in error) ? error.message : describeFailure(error),
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  if (value === null)
    return (
      <Space data-testid={`credential-${kind}-removed`}>
        <Tag color="orange">{t('tagBrowser.secret.removed')}</Tag>
        <Button type="link" size="small" onClick={() => onChange?.(undefined)}>
          {t('tagBrowser.secret.undo')}
        </Button>
      </Space>
    );
  const keptStored = stored && !value;

  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      <Space wrap>
        <input
          ref={input}
          type="file"
          style={{ display: 'none' }}
          accept={OPCUA_CREDENTIAL_EXTENSIONS.join(',')}
          data-testid={`credential-${kind}`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {value || keptStored ? t('tagBrowser.credential.replace') : t('tagBrowser.credential.upload')}
        </Button>
        {value ? <Tag color="green">{t('tagBrowser.credential.loaded')}</Tag> : null}
        {keptStored ? (
          <Tag color="blue" data-testid={`credential-${kind}-stored`}>
            {t('tagBrowser.secret.keepFile')}
          </Tag>
        ) : null}
        {keptStored ? (
          <Button type="link" size="small" onClick={() => onChange?.(null)}>
            {t('tagBrowser.remove')}
          </Button>
        ) : null}
        {value ? (
          <Button
            type="link"
            size="small"
            onClick={() => {
              setChecked(null);
              onChange?.(undefined);
            }}
          >
            {t('tagBrowser.remove')}
          </Button>
        ) : null}
      </Space>
      {checked?.thumbprint ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
          {t('tagBrowser.credential.summary', {
            subject: checked.subject,
            thumbprint: checked.thumbprint,
            validTo: checked.validTo?.slice(0, 10),
          })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
