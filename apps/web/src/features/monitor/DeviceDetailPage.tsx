/**
 * A device of the monitoring site (§2 device detail): a header with its name, live gateway status
 * and product, and the tabs device info, gateway detail, read/write data, history data, history
 * curve, alarm records, real-time curve, repair records and inspection records (`device-tabs.ts`). The open tab is
 * kept in the address (`?tab=`), so a reload or a shared link opens the same one. The live channel
 * follows the device once for all tabs.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DeviceAlarmTab } from '../alarm/DeviceAlarmTab.tsx';
import { DeviceInspectionTab } from '../maintenance/DeviceInspectionTab.tsx';
import { DeviceRepairTab } from '../maintenance/DeviceRepairTab.tsx';
import { GatewayStatusTag } from '../gateway/status-tags.tsx';
import { DevicePagesButton } from '../runtime/DevicePagesButton.tsx';
import { useDescribeFailure } from './common/catalogue-text.ts';
import { DeviceHeaderActions } from './DeviceHeaderActions.tsx';
import { DeviceInfoTab } from './DeviceInfoTab.tsx';
import { GatewayTab } from './GatewayTab.tsx';
import { HistoryDataTab } from './HistoryDataTab.tsx';
import type { DeviceTabProps } from './device-tab-props.ts';
import { chooseDeviceTab, visibleDeviceTabs } from '../fleet/share-tabs.ts';
import { DEVICE_TAB_KEYS, readDeviceTab, type DeviceTabKey } from './device-tabs.ts';
import { ReadWriteTab } from './ReadWriteTab.tsx';
import { useDevice, useDeviceVariables, useVariableList } from './use-device.ts';
import { useLiveDevice } from './use-live.ts';

// The chart libraries (uPlot, ECharts) load only when their tab opens.
const HistoryCurveTab = lazy(() => import('./HistoryCurveTab.tsx'));
const RealtimeCurveTab = lazy(() => import('./RealtimeCurveTab.tsx'));
const DeviceReportTab = lazy(() => import('../report/DeviceReportTab.tsx'));
const DeviceWizard = lazy(() => import('../device-config/DeviceWizard.tsx'));
const DeviceKnowledgeTab = lazy(() => import('../knowledge/DeviceKnowledgeTab.tsx'));

type TabScreen = (props: DeviceTabProps, label: string) => ReactNode;

const TAB_SCREENS: Readonly<Record<DeviceTabKey, TabScreen>> = {
  info: (props) => <DeviceInfoTab {...props} />,
  gateway: (props) => <GatewayTab {...props} />,
  config: (props) => <DeviceWizard {...props} />,
  data: (props) => <ReadWriteTab {...props} />,
  history: (props) => <HistoryDataTab {...props} />,
  historyCurve: (props) => <HistoryCurveTab {...props} />,
  reports: (props) => <DeviceReportTab {...props} />,
  alarms: (props) => <DeviceAlarmTab {...props} />,
  realtimeCurve: (props) => <RealtimeCurveTab {...props} />,
  repairs: (props) => <DeviceRepairTab {...props} />,
  inspections: (props) => <DeviceInspectionTab {...props} />,
  knowledge: (props) => <DeviceKnowledgeTab {...props} />,
};

export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const describeFailure = useDescribeFailure();
  const device = useDevice(id);
  const live = useLiveDevice(id);
  const model = useDeviceVariables(device.data);
  const variables = useVariableList(model.data, live);
  // A receiver of a share sees the tabs (menus) and top menu bar the share gives (§6).
  const shareSettings = device.data?.sharePermissions;
  const tabs = visibleDeviceTabs(DEVICE_TAB_KEYS, shareSettings);
  const active = chooseDeviceTab(readDeviceTab(search.get('tab')), tabs);

  if (device.error) {
    return (
      <Card variant="borderless">
        <Result status="warning" title={describeFailure(device.error)} />
      </Card>
    );
  }
  const props = device.data ? { device: device.data, live, variables } : null;

  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 12 } }}>
      <Space align="center" wrap style={{ marginBottom: 4 }}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('routes.MonitorDevices')}
          onClick={() => void navigate('/monitor/devices')}
        />
        {device.data ? (
          <>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="device-name">
              {device.data.name}
            </Typography.Title>
            <GatewayStatusTag status={live.gateway?.status ?? device.data.gateway.status} />
            <Typography.Text type="secondary">
              {device.data.product.title} · SN {device.data.gatewaySn}
            </Typography.Text>
            {shareSettings?.topMenu === false ? null : <DevicePagesButton deviceId={device.data.id} />}
            <DeviceHeaderActions device={device.data} />
          </>
        ) : (
          <Skeleton.Input active size="small" />
        )}
      </Space>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        destroyOnHidden
        items={tabs.map((key) => {
          const label = t(`monitor.detail.tabs.${key}`);
          return {
            key,
            label,
            children: props ? (
              <Suspense fallback={<Skeleton active />}>{TAB_SCREENS[key](props, label)}</Suspense>
            ) : (
              <Skeleton active />
            ),
          };
        })}
      />
      {model.error ? <Typography.Text type="danger">{describeFailure(model.error)}</Typography.Text> : null}
    </Card>
  );
}
