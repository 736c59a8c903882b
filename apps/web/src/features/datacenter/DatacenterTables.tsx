/**
 * The data centre's tables: top and bottom devices (by the first consumption energy), groups,
 * products, and every device, with one column per energy and its unit.
 */
import { Card, Col, Row, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatacenterAmounts } from '@lyyp/contracts/report';
import type { DatacenterDevice, DatacenterSummary } from '../../api/report.api.ts';
import { amountText, energyLabel } from './energy-label.ts';

interface SummaryTableProps<T> {
  title: string;
  rowKey: keyof T & string;
  rows: readonly T[];
  columns: TableColumnsType<T>;
  testId?: string;
  paged?: boolean;
}

/** One of the summary's tables in its small card. */
function SummaryTable<T extends object>({
  title,
  rowKey,
  rows,
  columns,
  testId,
  paged,
}: SummaryTableProps<T>) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Table<T>
        rowKey={rowKey}
        size="small"
        pagination={paged ? undefined : false}
        dataSource={rows}
        columns={columns}
      />
    </Card>
  );
}

export function DatacenterTables({ summary }: { summary: DatacenterSummary }) {
  const { t } = useTranslation();
  const groupName = (group: string) => group || t('report.datacenter.ungrouped');
  // One column per energy, titled with its unit: amounts of different units are never added up.
  const amounts = summary.energies.map((energy) => ({
    key: energy.id,
    title: energyLabel(energy),
    align: 'right' as const,
    render: (_: unknown, row: DatacenterAmounts) => amountText(row.energies[energy.id]),
    sorter: (a: DatacenterAmounts, b: DatacenterAmounts) =>
      (a.energies[energy.id] ?? 0) - (b.energies[energy.id] ?? 0),
  }));
  const device = { title: t('report.datacenter.device'), dataIndex: 'name' };
  const group = { title: t('report.datacenter.group'), dataIndex: 'group', render: groupName };
  const count = { title: t('report.datacenter.devices'), dataIndex: 'devices', align: 'right' as const };
  const ranking = (title: string, rows: DatacenterDevice[], testId: string) => (
    <Col xs={24} lg={12}>
      <SummaryTable
        title={title}
        rowKey="deviceId"
        rows={rows}
        testId={testId}
        columns={[device, ...amounts.slice(0, 1)]}
      />
    </Col>
  );

  return (
    <>
      <Row gutter={[16, 16]}>
        {ranking(t('report.datacenter.top'), summary.top, 'datacenter-top')}
        {ranking(t('report.datacenter.bottom'), summary.bottom, 'datacenter-bottom')}
        <Col xs={24} lg={12}>
          <SummaryTable
            title={t('report.datacenter.byGroup')}
            rowKey="group"
            rows={summary.groups}
            columns={[group, count, ...amounts]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <SummaryTable
            title={t('report.datacenter.byProduct')}
            rowKey="productId"
            rows={summary.products}
            columns={[{ title: t('report.datacenter.product'), dataIndex: 'title' }, count, ...amounts]}
          />
        </Col>
      </Row>
      <SummaryTable<DatacenterDevice>
        title={t('report.datacenter.byDevice')}
        rowKey="deviceId"
        rows={summary.devices}
        paged
        columns={[
          device,
          group,
          { title: t('report.datacenter.product'), dataIndex: 'productTitle' },
          ...amounts,
          {
            title: t('report.datacenter.onlineNow'),
            dataIndex: 'online',
            render: (online: boolean) => (
              <Tag color={online ? 'green' : undefined}>
                {online ? t('monitor.common.yes') : t('monitor.common.no')}
              </Tag>
            ),
          },
        ]}
      />
    </>
  );
}
