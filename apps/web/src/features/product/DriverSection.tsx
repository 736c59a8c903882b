/** The drivers of a product (one per Modbus slave): list, add, edit, delete. */
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isModbusDriver, type PresentedDriver } from '@lyyp/contracts/device-model';
import { App, Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { EmptyGuide } from '../monitor/common/EmptyGuide.tsx';
import { DriverDialog } from './DriverDialog.tsx';
import { useModelChanged } from './use-product.ts';

function describeEndpoint(driver: PresentedDriver): string {
  switch (driver.protocol) {
    case 'modbus-tcp':
      return `${driver.host}:${driver.port}`;
    case 'modbus-rtu':
      return `${driver.serialPort} ${driver.baudRate} ${driver.dataBits}${driver.parity.charAt(0).toUpperCase()}${driver.stopBits}`;
    case 'opcua':
      return `${driver.endpointUrl} · ${driver.securityMode}`;
    case 's7':
      return driver.localTsap
        ? `${driver.host}:${driver.port} TSAP ${driver.localTsap}/${driver.remoteTsap ?? ''}`
        : `${driver.host}:${driver.port} R${driver.rack}/S${driver.slot}`;
  }
}

export function DriverSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const describeFailure = useDescribeFailure();
  const modelChanged = useModelChanged(productId);
  const [editing, setEditing] = useState<PresentedDriver | 'new' | null>(null);
  const drivers = useQuery({
    queryKey: ['drivers', productId],
    queryFn: () => catalogueApi.listDrivers(productId),
  });
  const remove = useMutation({
    mutationFn: (key: string) => catalogueApi.deleteDriver(productId, key),
    onSuccess: modelChanged,
    onError: (error) => void message.error(describeFailure(error)),
  });
  const list = drivers.data?.list ?? [];

  return (
    <Card
      variant="borderless"
      title={t('monitor.driver.title')}
      extra={
        editable ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('monitor.driver.add')}
          </Button>
        ) : null
      }
    >
      <Table<PresentedDriver>
        rowKey="key"
        size="small"
        data-testid="driver-table"
        loading={drivers.isFetching}
        dataSource={list}
        pagination={false}
        locale={{
          emptyText: drivers.error ? (
            describeFailure(drivers.error)
          ) : (
            <EmptyGuide
              testId="driver-list-empty"
              title={t('monitor.driver.emptyTitle')}
              text={t('monitor.driver.emptyText')}
              actions={
                editable ? (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                    {t('monitor.driver.add')}
                  </Button>
                ) : null
              }
            />
          ),
        }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('monitor.fields.name'), dataIndex: 'name' },
          { title: t('monitor.fields.key'), dataIndex: 'key' },
          {
            title: t('monitor.fields.protocol'),
            dataIndex: 'protocol',
            render: (value: string) => t(`monitor.protocol.${value}`),
          },
          { title: t('monitor.fields.slaveId'), dataIndex: 'slaveId' },
          {
            title: t('monitor.driver.endpoint'),
            key: 'endpoint',
            render: (_, driver) => describeEndpoint(driver),
          },
          { title: t('monitor.fields.pollIntervalMs'), dataIndex: 'pollIntervalMs' },
          { title: t('monitor.fields.timeoutMs'), dataIndex: 'timeoutMs' },
          {
            title: t('monitor.driver.byteOrders'),
            key: 'orders',
            render: (_, driver) =>
              isModbusDriver(driver)
                ? `${driver.byteOrder16} / ${driver.byteOrder32} / ${driver.byteOrder64}`
                : '—',
          },
          ...(editable
            ? [
                {
                  title: t('monitor.common.actions'),
                  key: 'actions',
                  render: (_: unknown, driver: PresentedDriver) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setEditing(driver)}>
                        {t('monitor.common.edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => {
                          modal.confirm({
                            title: t('monitor.driver.deleteTitle', { name: driver.name }),
                            content: t('monitor.driver.deleteText'),
                            okText: t('monitor.common.delete'),
                            okButtonProps: { danger: true },
                            cancelText: t('monitor.common.cancel'),
                            onOk: () => remove.mutateAsync(driver.key).catch(() => undefined),
                          });
                        }}
                      >
                        {t('monitor.common.delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <DriverDialog
          productId={productId}
          driver={editing === 'new' ? null : editing}
          existingKeys={list.map((driver) => driver.key)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
