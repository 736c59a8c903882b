/**
 * A device's designer page on the monitoring site (route /monitor/devices/:id/pages/:pageId): the
 * page running with the device's live values. `start` opens the device's home page (the start page
 * the product marks, else its first main page) and the address then names that page.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Result, Select, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { designerRuntimeApi } from '../../api/designer-runtime.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError } from '../../app/messages.ts';
import { createSignalDescriber } from '../../widgets/signal-catalogue.ts';
import { devicePagePath, pickHomePage } from './home-page.ts';
import { RuntimePage } from './RuntimePage.tsx';
import { useDeviceLive } from './use-device-live.ts';
import styles from './runtime.module.css';

const START_PAGE = 'start';

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
  const { values, connection } = useDeviceLive(deviceId, {
    deviceName: device.data?.name ?? '',
    gatewaySn: device.data?.gateway.sn ?? '',
    gatewayStatus: device.data?.gateway.status ?? '',
  });
  const describe = useMemo(() => createSignalDescriber(variables.data ?? []), [variables.data]);

  // Child pages open from other pages' buttons, not from the device (§3 configuration page kinds).
  const mainPages = (pages.data ?? []).filter((page) => page.kind === 'main' || page.id === pageId);

  const home = pages.data ? pickHomePage(pages.data) : null;
  const failure = device.error ?? pages.error;
  if (failure) return <Result status="warning" title={describeError(failure, locale)} />;
  if (pageId === START_PAGE && home) return <Navigate to={devicePagePath(deviceId, home.id)} replace />;
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
          onChange={(next: string) => void navigate(devicePagePath(deviceId, next))}
          data-page-switch
        />
      ) : null}
    </div>
  );

  return (
    <div className={styles.view} data-device-page-view>
      {header}
      {connection === 'reconnecting' ? (
        <Alert type="warning" showIcon title={t('designer.runtime.offline')} />
      ) : null}
      {pageId === START_PAGE ? (
        <Card>
          <Empty description={t('designer.runtime.noPages')} />
        </Card>
      ) : (
        <RuntimePage
          key={pageId}
          deviceId={deviceId}
          pageId={pageId}
          read={values.read}
          live={values}
          describe={describe}
        />
      )}
    </div>
  );
}
