/**
 * Mobile app download (§2 /download): the latest published version of each app, with a QR code per
 * platform that a phone scans to open the App Store page or the Android package. Links are
 * checked again here (http or https only): a link that fails the rule shows no code.
 */
import { AndroidOutlined, AppleOutlined, MobileOutlined } from '@ant-design/icons';
import { APP_LINK_RULE } from '@lyyp/contracts/system';
import { safeUrlOrNull } from '@lyyp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi, type LatestApp } from '../../api/system-catalogue.api.ts';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';
import { QrCode } from './QrCode.tsx';

function PlatformCode({ icon, title, link }: { icon: ReactNode; title: string; link: string | null }) {
  const { t } = useTranslation();
  const safe = link ? safeUrlOrNull(link, APP_LINK_RULE) : null;
  return (
    <Card size="small" data-testid="download-platform" style={{ textAlign: 'center' }}>
      <Space orientation="vertical" align="center">
        <Typography.Text strong>
          {icon} {title}
        </Typography.Text>
        {safe ? (
          <>
            <QrCode text={safe} label={`${title} ${t('download.scan')}`} />
            <Typography.Text type="secondary">{t('download.scan')}</Typography.Text>
            <Typography.Link href={safe} target="_blank" rel="noopener noreferrer">
              {t('download.open')}
            </Typography.Link>
          </>
        ) : (
          <Typography.Text type="secondary">{t('download.unavailable')}</Typography.Text>
        )}
      </Space>
    </Card>
  );
}

function AppCard({ app }: { app: LatestApp }) {
  const { t } = useTranslation();
  return (
    <div data-testid="download-app" style={{ marginBottom: 24 }}>
      <Typography.Title level={4} style={{ marginBottom: 4 }}>
        {app.name}{' '}
        <Typography.Text type="secondary">{t('download.version', { version: app.version })}</Typography.Text>
      </Typography.Title>
      {app.enterprise ? <Typography.Text type="secondary">{app.enterprise}</Typography.Text> : null}
      {app.description ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>
          {app.description}
        </Typography.Paragraph>
      ) : null}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <PlatformCode icon={<AppleOutlined />} title={t('download.ios')} link={app.iosUrl} />
        </Col>
        <Col xs={24} sm={12}>
          <PlatformCode icon={<AndroidOutlined />} title={t('download.android')} link={app.androidUrl} />
        </Col>
      </Row>
    </div>
  );
}

export default function DownloadPage() {
  const { t } = useTranslation();
  const apps = useQuery({ queryKey: ['app-latest'], queryFn: () => systemCatalogueApi.appVersions.latest() });
  const list = apps.data ?? [];
  return (
    <PublicFrame>
      <PublicCard title={t('download.title')}>
        <Typography.Paragraph type="secondary">{t('download.intro')}</Typography.Paragraph>
        {apps.isPending ? (
          <Spin />
        ) : list.length > 0 ? (
          list.map((app) => <AppCard key={app.identifier} app={app} />)
        ) : (
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
        )}
      </PublicCard>
    </PublicFrame>
  );
}
