/**
 * Hardware models (/manage/system/hardware): each model's capacity per gateway (drivers, variables,
 * reports, scripts, alarms), its features (4G, Wi-Fi, GPS and base-station positioning, serial and
 * LAN ports) and how many gateways and products use it; add, edit, and delete what nothing uses.
 */
import { CAPACITY_KINDS, MODEL_FEATURE_FLAGS } from '@lyyp/contracts/hardware';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hardwareApi, type HardwareModel } from '../../api/hardware.api.ts';
import { RowActions } from '../monitor/common/RowActions.tsx';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { HardwareModelDialog } from './HardwareModelDialog.tsx';

export default function HardwareModelListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const [name, setName] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<HardwareModel | 'new' | null>(null);
  const models = useQuery({
    queryKey: ['hardware-models', name, paging],
    queryFn: () => hardwareApi.query({ name: name || undefined, ...paging }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => hardwareApi.delete(id),
    onSuccess: () => {
      void message.success(t('hardware.deleted'));
      return models.refetch();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  return (
    <Card
      variant="borderless"
      title={t('routes.SystemHardware')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="hardware-add">
          {t('hardware.add')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('hardware.search')}
          onSearch={(value) => {
            setName(value.trim());
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
      </Space>
      {models.error ? (
        <Typography.Paragraph type="danger">{describeFailure(models.error)}</Typography.Paragraph>
      ) : null}
      <Table<HardwareModel>
        rowKey="id"
        size="small"
        data-testid="hardware-models"
        loading={models.isFetching}
        dataSource={models.data?.list ?? []}
        scroll={{ x: 1060 }}
        locale={{ emptyText: t('hardware.empty') }}
        pagination={{
          current: models.data?.page ?? paging.page,
          pageSize: models.data?.pageSize ?? paging.pageSize,
          total: models.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('hardware.name'),
            dataIndex: 'name',
            width: 180,
            render: (value: string, model) => (
              <Space orientation="vertical" size={0}>
                <Space size={4}>
                  <Typography.Text strong>{value}</Typography.Text>
                  {model.builtIn ? <Tag color="blue">{t('hardware.builtIn')}</Tag> : null}
                </Space>
                {model.description ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {model.description}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('hardware.capacity'),
            key: 'capacity',
            width: 280,
            render: (_value, model) => (
              <Space size={[4, 4]} wrap>
                {CAPACITY_KINDS.map((kind) => (
                  <Tag key={kind}>
                    {t(`hardware.kinds.${kind}`)} {model.capacity[kind]}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('hardware.features'),
            key: 'features',
            width: 200,
            render: (_value, model) => {
              const flags = MODEL_FEATURE_FLAGS.filter((flag) => model.features[flag]);
              return flags.length === 0 ? (
                t('hardware.none')
              ) : (
                <Space size={[4, 4]} wrap>
                  {flags.map((flag) => (
                    <Tag key={flag} color="green">
                      {t(`hardware.flags.${flag}`)}
                    </Tag>
                  ))}
                </Space>
              );
            },
          },
          {
            title: t('hardware.ports'),
            key: 'ports',
            width: 120,
            render: (_value, model) =>
              t('hardware.portsText', { serial: model.features.serialPorts, lan: model.features.lanPorts }),
          },
          {
            title: t('hardware.usedBy'),
            key: 'usage',
            width: 160,
            render: (_value, model) =>
              t('hardware.usage', { gateways: model.gatewayCount, products: model.productCount }),
          },
          {
            title: t('monitor.common.actions'),
            key: 'actions',
            width: 120,
            fixed: 'right',
            render: (_value, model) =>
              model.builtIn ? (
                <Button type="link" size="small" onClick={() => setEditing(model)}>
                  {t('monitor.common.edit')}
                </Button>
              ) : (
                <RowActions
                  onEdit={() => setEditing(model)}
                  onDelete={() => remove.mutateAsync(model.id)}
                  deleteTitle={t('hardware.deleteConfirm', { name: model.name })}
                />
              ),
          },
        ]}
      />
      {editing ? (
        <HardwareModelDialog
          model={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void models.refetch()}
        />
      ) : null}
    </Card>
  );
}
