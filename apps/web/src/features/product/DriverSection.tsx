/** The drivers of a product (one per Modbus slave): list, add, edit, delete. */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { isModbusDriver, type PresentedDriver } from '@lyyp/contracts/device-model';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { actionColumn, ConsoleTable, RowActions, ScreenCard } from '../../blocks/index.ts';
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
  const modelChanged = useModelChanged(productId);
  const [editing, setEditing] = useState<PresentedDriver | 'new' | null>(null);
  const drivers = useQuery({
    queryKey: ['drivers', productId],
    queryFn: () => catalogueApi.listDrivers(productId),
  });
  const list = drivers.data?.list ?? [];

  return (
    <ScreenCard
      title={t('monitor.driver.title')}
      extra={
        editable ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('monitor.driver.add')}
          </Button>
        ) : null
      }
    >
      <ConsoleTable<PresentedDriver>
        rowKey="key"
        testId="driver-table"
        loading={drivers.isFetching}
        error={drivers.error}
        rows={list}
        emptyText={
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
        }
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
          editable &&
            actionColumn(t('monitor.common.actions'), (driver: PresentedDriver) => (
              <RowActions
                onEdit={() => setEditing(driver)}
                remove={{
                  title: t('monitor.driver.deleteTitle', { name: driver.name }),
                  content: t('monitor.driver.deleteText'),
                  run: () => catalogueApi.deleteDriver(productId, driver.key).then(modelChanged),
                  successText: undefined,
                }}
              />
            )),
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
    </ScreenCard>
  );
}
