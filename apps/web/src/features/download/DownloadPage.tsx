/**
 * Mobile app download (§2 /download). The platform has no published app version yet (the version
 * maintenance screen is not built), so the page says so instead of pointing anywhere.
 */
import { MobileOutlined } from '@ant-design/icons';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';

export default function DownloadPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <PublicCard title={t('download.title')}>
        <Typography.Paragraph type="secondary">{t('download.intro')}</Typography.Paragraph>
        <Empty
          image={<MobileOutlined style={{ fontSize: 56, color: '#bfc8d6' }} />}
          description={
            <>
              <Typography.Text strong data-testid="no-app-version">
                {t('download.none')}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('download.noneHint')}</Typography.Text>
            </>
          }
        />
      </PublicCard>
    </PublicFrame>
  );
}
