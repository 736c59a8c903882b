/**
 * The operations centre (§2): fleet health, signal bands (§9), gateways with communication
 * errors, SIM cards about to expire, active alarms, work orders and inspections by state and age.
 * Refreshed every 30 seconds; every figure opens the list behind it.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { maintenanceApi } from '../../api/maintenance.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { formatTime, inspectionStateName, workOrderStateName } from '../maintenance/maintenance-text.ts';
import type { InspectionState, WorkOrderState } from '@lyyp/contracts/maintenance';
import {
  AGE_LOWER_HOURS,
  ageEntries,
  fleetEntries,
  inspectionEntries,
  signalEntries,
  workOrderEntries,
} from './overview-entries.ts';

const OverviewChart = lazy(() => import('./OverviewChart.tsx'));
const REFRESH_MS = 30_000;

/** One panel of the second row: a third of a wide screen, half of a tablet's, a phone's width. */
function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Col xs={24} md={12} xl={8}>
      <Card size="small" title={title} style={{ height: '100%' }} data-testid={testId}>
        <Suspense fallback={<Skeleton active />}>{children}</Suspense>
      </Card>
    </Col>
  );
}

/** One figure of the first row; a click opens the list behind it. */
function Figure({
  title,
  value,
  onOpen,
  alarming = false,
  testId,
}: {
  title: string;
  value: number;
  onOpen: () => void;
  alarming?: boolean;
  testId?: string;
}) {
  return (
    <Col xs={12} md={6}>
      <Card size="small" hoverable onClick={onOpen} data-testid={testId}>
        <Statistic
          title={title}
          value={value}
          styles={alarming ? { content: { color: '#cf1322' } } : undefined}
        />
      </Card>
    </Col>
  );
}

/** A short list whose rows each open what they name. */
function PickList<T>({
  items,
  empty,
  onPick,
  render,
}: {
  items: T[];
  empty: string;
  onPick: (item: T) => void;
  render: (item: T) => ReactNode;
}) {
  return (
    <List
      size="small"
      dataSource={items}
      locale={{ emptyText: empty }}
      renderItem={(item) => (
        <List.Item onClick={() => onPick(item)} style={{ cursor: 'pointer' }}>
          <Space wrap>{render(item)}</Space>
        </List.Item>
      )}
    />
  );
}

export default function OperationsCentrePage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const navigate = useNavigate();
  const overview = useQuery({
    queryKey: ['maintenance', 'overview'],
    queryFn: () => maintenanceApi.overview(),
    refetchInterval: REFRESH_MS,
  });
  const data = overview.data;
  if (overview.error)
    return <Typography.Text type="danger">{describeFailure(overview.error)}</Typography.Text>;
  if (!data) return <Skeleton active />;
  const english = locale === 'en-US';
  const go = (path: string) => void navigate(path);
  const countList = (
    entries: Array<{ key: string; label: string; count: number }>,
    onPick?: (key: string) => void,
  ) => (
    <List
      size="small"
      dataSource={entries.slice(0, 6)}
      locale={{ emptyText: t('maintenance.operations.none') }}
      renderItem={(entry) => (
        <List.Item
          extra={<Typography.Text strong>{entry.count}</Typography.Text>}
          onClick={onPick && entry.key ? () => onPick(entry.key) : undefined}
          style={onPick && entry.key ? { cursor: 'pointer' } : undefined}
        >
          {onPick && entry.key ? (
            <Typography.Link>{entry.label || t('maintenance.operations.unknown')}</Typography.Link>
          ) : (
            entry.label || t('maintenance.operations.unknown')
          )}
        </List.Item>
      )}
    />
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="operations-centre">
      <Space wrap align="baseline">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('maintenance.operations.title')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('maintenance.operations.refreshed', { time: formatTime(data.at) })}
        </Typography.Text>
      </Space>
      <Row gutter={[12, 12]}>
        <Figure
          title={t('maintenance.operations.total')}
          value={data.fleet.total}
          onOpen={() => go('/monitor/devices')}
        />
        <Figure
          title={t('maintenance.operations.activeAlarms')}
          value={data.activeAlarms}
          alarming={data.activeAlarms > 0}
          onOpen={() => go('/monitor/alarms')}
          testId="active-alarms"
        />
        <Figure
          title={workOrderStateName('pending', locale)}
          value={data.workOrders.byState.pending}
          onOpen={() => go('/monitor/workorders?state=pending')}
        />
        <Figure
          title={inspectionStateName('overdue', locale)}
          value={data.inspections.byState.overdue}
          onOpen={() => go('/monitor/inspections?state=overdue')}
        />
      </Row>
      <Row gutter={[12, 12]}>
        <Panel title={t('maintenance.operations.fleet')} testId="fleet-panel">
          <OverviewChart
            kind="pie"
            entries={fleetEntries(data, (status) => t(`maintenance.operations.gatewayStates.${status}`))}
            onPick={(status) => go(`/monitor/devices?status=${status}`)}
          />
        </Panel>
        <Panel title={t('maintenance.operations.signal')}>
          <OverviewChart
            kind="pie"
            entries={signalEntries(data, english, t('maintenance.operations.unknown'))}
            onPick={(band) => go(`/monitor/devices?signalBand=${band}`)}
          />
        </Panel>
        <Panel title={t('maintenance.operations.workOrders')}>
          <OverviewChart
            kind="bar"
            entries={workOrderEntries(data, (state) => workOrderStateName(state as WorkOrderState, locale))}
            onPick={(state) => go(`/monitor/workorders?state=${state}`)}
          />
        </Panel>
        <Panel title={t('maintenance.operations.openByAge')}>
          <OverviewChart
            kind="bar"
            entries={ageEntries(data, (bucket) => t(`maintenance.operations.ages.${bucket}`))}
            onPick={(bucket) =>
              go(
                `/monitor/workorders?olderThanHours=${AGE_LOWER_HOURS[bucket as keyof typeof AGE_LOWER_HOURS]}`,
              )
            }
          />
        </Panel>
        <Panel title={t('maintenance.operations.inspections')}>
          <OverviewChart
            kind="bar"
            entries={inspectionEntries(data, (state) =>
              inspectionStateName(state as InspectionState, locale),
            )}
            onPick={(state) => go(`/monitor/inspections?state=${state}`)}
          />
        </Panel>
        <Panel title={t('maintenance.operations.byProduct')} testId="by-product">
          {countList(data.fleet.byProduct, (id) =>
            go(`/monitor/devices?productId=${encodeURIComponent(id)}`),
          )}
        </Panel>
        <Panel title={t('maintenance.operations.byHardware')} testId="by-hardware">
          {countList(data.fleet.byHardwareModel, (id) =>
            go(`/monitor/devices?hardwareModelId=${encodeURIComponent(id)}`),
          )}
        </Panel>
        <Panel title={t('maintenance.operations.byFirmware')}>
          {countList(data.fleet.byFirmware, (version) =>
            go(`/monitor/devices?firmware=${encodeURIComponent(version)}`),
          )}
        </Panel>
        <Panel title={t('maintenance.operations.communicationErrors')}>
          <PickList
            items={data.communicationErrors}
            empty={t('maintenance.operations.none')}
            onPick={(gateway) => go(`/monitor/devices/${gateway.deviceId}?tab=gateway`)}
            render={(gateway) => (
              <>
                <Typography.Text>{gateway.deviceName}</Typography.Text>
                <Typography.Text type="secondary">SN {gateway.sn}</Typography.Text>
                {gateway.rejectedMessages > 0 ? (
                  <Tag color="orange">
                    {t('maintenance.operations.rejected', { count: gateway.rejectedMessages })}
                  </Tag>
                ) : null}
                {gateway.configSyncFailed ? (
                  <Tag color="red">{t('maintenance.operations.syncFailed')}</Tag>
                ) : null}
              </>
            )}
          />
        </Panel>
        <Panel title={t('maintenance.operations.expiringSims')}>
          <PickList
            items={data.expiringSims}
            empty={t('maintenance.operations.none')}
            onPick={(sim) => go(`/monitor/devices/${sim.deviceId}?tab=info`)}
            render={(sim) => (
              <>
                <Typography.Text>{sim.deviceName}</Typography.Text>
                <Typography.Text type="secondary">{sim.iccid}</Typography.Text>
                <Tag color={sim.expired ? 'red' : 'orange'}>
                  {sim.expired ? t('maintenance.operations.expired') : formatTime(sim.expiresAt)}
                </Tag>
              </>
            )}
          />
        </Panel>
      </Row>
    </Space>
  );
}
