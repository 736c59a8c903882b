/**
 * A device's designer page on the monitoring site (route /monitor/devices/:id/pages/:pageId): the
 * page running with the device's live values; with `start` as the page, the pages to choose from.
 */
import { FileOutlined, HomeOutlined, LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { PageSummary } from '../../api/designer.api.ts';
import { designerRuntimeApi } from '../../api/designer-runtime.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError } from '../../app/messages.ts';
import { createSignalDescriber } from '../../widgets/signal-catalogue.ts';
import { RuntimePage } from './RuntimePage.tsx';
import { createLiveReader } from './runtime-values.ts';
import { useDeviceLive } from './use-device-live.ts';
import styles from './runtime.module.css';

const START_PAGE = 'start';

function pagePath(deviceId: string, pageId: string): string {
  return `/monitor/devices/${encodeURIComponent(deviceId)}/pages/${encodeURIComponent(pageId)}`;
}

function PagePicker({ deviceId, pages }: { deviceId: string; pages: readonly PageSummary[] }) {
  const { t } = useTranslation();
  if (pages.length === 0) return <Empty description={t('designer.runtime.noPages')} />;
  return (
    <div className={styles.pickList} data-page-picker>
      {pages.map((page) => (
        <Link key={page.id} to={pagePath(deviceId, page.id)} data-open-page={page.id}>
          <Card hoverable size="small">
            <Space>
              {page.isStart ? <HomeOutlined /> : <FileOutlined />}
              <Typography.Text strong>{page.title}</Typography.Text>
              {page.checkpwd ? <LockOutlined style={{ color: '#8c8c8c' }} /> : null}
            </Space>
            <div>
              <Tag style={{ marginTop: 8 }}>{t(`designer.pages.kinds.${page.kind}`)}</Tag>
              {page.isStart ? <Tag color="blue">{t('designer.pages.start')}</Tag> : null}
            </div>
          </Card>
        </Link>
      ))}
    </div>
  );
}

export default function DevicePageView() {
  const { id: deviceId = '', pageId = START_PAGE } = useParams();
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const navigate = useNavigate();
  const device = useQuery({
    queryKey: ['runtime', 'device', deviceId],
    queryFn: () => designerRuntimeApi.fetchDevice(deviceId),
  });
  const pages = useQuery({
    queryKey: ['runtime', 'pages', deviceId],
    queryFn: () => designerRuntimeApi.listDevicePages(deviceId),
  });
  const productId = device.data?.product.id ?? '';
  // Units, decimals and state texts of the device's variables (readable by anyone who sees the device).
  const variables = useQuery({
    queryKey: ['devices', 'variables', deviceId],
    queryFn: () => catalogueApi.fetchDeviceVariables({ id: deviceId }),
    enabled: productId !== '',
  });
  const { live, connection } = useDeviceLive(deviceId);

  const read = useMemo(
    () =>
      createLiveReader(live, {
        deviceName: device.data?.name ?? '',
        gatewaySn: device.data?.gateway.sn ?? '',
        gatewayStatus: device.data?.gateway.status ?? '',
      }),
    [live, device.data],
  );
  const describe = useMemo(() => createSignalDescriber(variables.data ?? []), [variables.data]);

  // Child pages open from other pages' buttons, not from the device (§3 configuration page kinds).
  const mainPages = (pages.data ?? []).filter((page) => page.kind === 'main' || page.id === pageId);

  const failure = device.error ?? pages.error;
  if (failure) return <Result status="warning" title={describeError(failure, locale)} />;
  if (!device.data || !pages.data) return <Spin style={{ display: 'block', marginTop: 80 }} />;

  const header = (
    <div className={styles.header}>
      <Link to={`/monitor/devices/${encodeURIComponent(deviceId)}`}>
        <Button>{t('designer.runtime.back')}</Button>
      </Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {device.data.name}
      </Typography.Title>
      {pageId !== START_PAGE ? (
        <Select
          style={{ minWidth: 200 }}
          value={pageId}
          options={mainPages.map((page) => ({ value: page.id, label: page.title }))}
          onChange={(next: string) => void navigate(pagePath(deviceId, next))}
          data-page-switch
        />
      ) : null}
    </div>
  );

  return (
    <div className={styles.view} data-device-page-view>
      {header}
      {connection === 'reconnecting' ? (
        <Alert type="warning" showIcon message={t('designer.runtime.offline')} />
      ) : null}
      {pageId === START_PAGE ? (
        <Card title={t('designer.runtime.choosePage')}>
          <PagePicker deviceId={deviceId} pages={mainPages} />
        </Card>
      ) : (
        <RuntimePage key={pageId} deviceId={deviceId} pageId={pageId} read={read} describe={describe} />
      )}
    </div>
  );
}
