/**
 * The data centre (§1, /monitor/datacenter): consumption and production of the person's devices by
 * day, week or month, the change from the previous period, the online rate, top and bottom devices,
 * groups, products and every device; exported to Excel. Figures come from the devices' consumption
 * and production reports.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { DATACENTER_PERIODS, type DatacenterPeriod } from '@lyyp/contracts/report';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Progress,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../api/report.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation, useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { changeOf, checkCentreRange, defaultCentrePicked, rangeOfCentrePicked } from './datacenter-range.ts';
import { DatacenterTables } from './DatacenterTables.tsx';
import { amountText } from './energy-label.ts';
import { FleetStorageCard } from '../storage/StoragePanel.tsx';

const DatacenterCharts = lazy(() => import('./DatacenterCharts.tsx'));

function ChangeText({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation();
  const change = changeOf(current, previous);
  return (
    <Typography.Text type="secondary">
      {t('report.datacenter.previous')} {amountText(previous)}
      {change === null ? null : (
        <Typography.Text type={change > 0 ? 'danger' : 'success'}>
          {' '}
          {t('report.datacenter.change')} {change > 0 ? '+' : ''}
          {(change * 100).toFixed(1)}%
        </Typography.Text>
      )}
    </Typography.Text>
  );
}

export default function DatacenterPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const [period, setPeriod] = useState<DatacenterPeriod>('day');
  const [picked, setPicked] = useState<[Dayjs, Dayjs]>(() => defaultCentrePicked('day', dayjs()));
  const [productId, setProductId] = useState<string | undefined>(undefined);
  const [products, setProducts] = useState<Array<{ value: string; label: string }>>([]);
  const range = rangeOfCentrePicked(picked[0], picked[1], period);
  const violation = checkCentreRange(range);
  const body = violation
    ? null
    : { ...range, period, productId, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };

  const summary = useQuery({
    queryKey: ['datacenter', body],
    queryFn: async () => {
      const answer = await reportApi.datacenterSummary(body!);
      if (!body?.productId)
        setProducts(answer.products.map((product) => ({ value: product.productId, label: product.title })));
      return answer;
    },
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
  const exportFile = useMutation({
    mutationFn: () => reportApi.exportDatacenter(body!, 'xlsx'),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });
  const data = summary.data;
  const nothing = data && data.energies.length === 0;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" title={t('report.datacenter.title')}>
        <Space wrap>
          <Segmented<DatacenterPeriod>
            value={period}
            onChange={(next) => {
              setPeriod(next);
              setPicked(defaultCentrePicked(next, dayjs()));
            }}
            options={DATACENTER_PERIODS.map((value) => ({
              value,
              label: t(`report.datacenter.periods.${value}`),
            }))}
          />
          <DatePicker.RangePicker
            picker={period === 'month' ? 'month' : 'date'}
            allowClear={false}
            value={picked}
            onChange={(values) => values?.[0] && values[1] && setPicked([values[0], values[1]])}
          />
          <Select
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('report.datacenter.allProducts')}
            value={productId}
            onChange={(value?: string) => setProductId(value)}
            options={products}
            aria-label={t('report.datacenter.product')}
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={!body}
            loading={exportFile.isPending}
            onClick={() => exportFile.mutate()}
            data-testid="datacenter-export"
          >
            {t('report.datacenter.export')}
          </Button>
        </Space>
        {violation ? (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            title={describeViolation(violation, locale)}
          />
        ) : null}
        {summary.error ? (
          <Alert style={{ marginTop: 12 }} type="error" showIcon title={describeFailure(summary.error)} />
        ) : null}
      </Card>
      {!data ? (
        summary.isFetching ? (
          <Skeleton active />
        ) : null
      ) : data.devices.length === 0 ? (
        <Card variant="borderless">
          <Empty description={t('report.datacenter.noDevices')} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {data.energies.map((energy) => (
              <Col xs={24} md={8} key={energy.id}>
                <Card variant="borderless" data-testid="datacenter-energy" data-energy={energy.id}>
                  <Statistic
                    title={`${t(`report.datacenter.${energy.kind}`)} · ${energy.name}`}
                    value={data.total.energies[energy.id] ?? 0}
                    precision={2}
                    suffix={energy.unit || undefined}
                  />
                  <ChangeText
                    current={data.total.energies[energy.id] ?? 0}
                    previous={data.previous.energies[energy.id] ?? 0}
                  />
                </Card>
              </Col>
            ))}
            <Col xs={24} md={8}>
              <Card variant="borderless">
                <Space align="center" size={16}>
                  <Progress
                    type="circle"
                    size={72}
                    percent={
                      data.online.total ? Math.round((100 * data.online.online) / data.online.total) : 0
                    }
                  />
                  <Statistic
                    title={t('report.datacenter.online')}
                    value={t('report.datacenter.onlineCount', {
                      online: data.online.online,
                      total: data.online.total,
                    })}
                  />
                </Space>
              </Card>
            </Col>
          </Row>
          <Card variant="borderless" title={t('report.datacenter.trend')}>
            {nothing ? (
              <Empty description={t('report.datacenter.empty')} />
            ) : (
              <Suspense fallback={<Skeleton active />}>
                <DatacenterCharts summary={data} period={period} />
              </Suspense>
            )}
          </Card>
          <DatacenterTables summary={data} />
        </>
      )}
      <FleetStorageCard />
    </Space>
  );
}
