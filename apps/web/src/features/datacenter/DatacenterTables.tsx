/**
 * The data centre's tables: top and bottom devices (by the first consumption energy), groups,
 * products, and every device, with one column per energy and its unit.
 */
import { Card, Col, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatacenterAmounts } from '@lyyp/contracts/report';
import type { DatacenterDevice, DatacenterSummary } from '../../api/report.api.ts';
import { amountText, energyLabel } from './energy-label.ts';

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
  const ranking = (title: string, list: DatacenterDevice[], testId: string) => (
    <Card size="small" title={title} data-testid={testId}>
      <Table<DatacenterDevice>
        rowKey="deviceId"
        size="small"
        pagination={false}
        dataSource={list}
        columns={[{ title: t('report.datacenter.device'), dataIndex: 'name' }, ...amounts.slice(0, 1)]}
      />
    </Card>
  );

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          {ranking(t('report.datacenter.top'), summary.top, 'datacenter-top')}
        </Col>
        <Col xs={24} lg={12}>
          {ranking(t('report.datacenter.bottom'), summary.bottom, 'datacenter-bottom')}
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('report.datacenter.byGroup')}>
            <Table
              rowKey="group"
              size="small"
              pagination={false}
              dataSource={summary.groups}
              columns={[
                { title: t('report.datacenter.group'), dataIndex: 'group', render: groupName },
                { title: t('report.datacenter.devices'), dataIndex: 'devices', align: 'right' as const },
                ...amounts,
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('report.datacenter.byProduct')}>
            <Table
              rowKey="productId"
              size="small"
              pagination={false}
              dataSource={summary.products}
              columns={[
                { title: t('report.datacenter.product'), dataIndex: 'title' },
                { title: t('report.datacenter.devices'), dataIndex: 'devices', align: 'right' as const },
                ...amounts,
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('report.datacenter.byDevice')}>
        <Table<DatacenterDevice>
          rowKey="deviceId"
          size="small"
          dataSource={summary.devices}
          columns={[
            { title: t('report.datacenter.device'), dataIndex: 'name' },
            { title: t('report.datacenter.group'), dataIndex: 'group', render: groupName },
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
      </Card>
    </>
  );
}
