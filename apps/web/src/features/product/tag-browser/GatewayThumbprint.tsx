/** The thumbprint of a gateway's OPC UA application certificate, to trust it on the server. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function GatewayThumbprint({ thumbprint }: { thumbprint: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div data-testid="tag-browser-thumbprint" style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{t('tagBrowser.thumbprint')}</Typography.Text>
      {thumbprint ? (
        <>
          <Typography.Text code copyable>
            {thumbprint}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">{t('tagBrowser.thumbprintHelp')}</Typography.Text>
          </div>
        </>
      ) : (
        <Typography.Text type="secondary">{t('tagBrowser.noThumbprint')}</Typography.Text>
      )}
    </div>
  );
}
