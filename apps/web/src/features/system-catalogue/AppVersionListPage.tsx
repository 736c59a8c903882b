/**
 * App versions (/manage/system/version): every published version of the mobile apps, the latest of
 * each app marked; add, edit, make latest, delete. /download shows the latest ones.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi, type AppVersion } from '../../api/system-catalogue.api.ts';
import { RowActions } from '../monitor/common/RowActions.tsx';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { AppVersionDialog } from './AppVersionDialog.tsx';

export default function AppVersionListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<AppVersion | 'new' | null>(null);
  const versions = useQuery({
    queryKey: ['app-versions', keyword, paging],
    queryFn: () => systemCatalogueApi.appVersions.list({ keyword: keyword || undefined, ...paging }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => systemCatalogueApi.appVersions.delete(id),
    onSuccess: () => {
      void message.success(t('systemCatalogue.version.deleted'));
      return versions.refetch();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  const makeLatest = useMutation({
    mutationFn: (id: string) => systemCatalogueApi.appVersions.setLatest(id),
    onSuccess: () => {
      void message.success(t('systemCatalogue.version.markedLatest'));
      return versions.refetch();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  return (
    <Card
      variant="borderless"
      title={t('routes.SystemVersion')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="version-add">
          {t('systemCatalogue.version.add')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 300 }}
          placeholder={t('systemCatalogue.version.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
      </Space>
      {versions.error ? (
        <Typography.Paragraph type="danger">{describeFailure(versions.error)}</Typography.Paragraph>
      ) : null}
      <Table<AppVersion>
        rowKey="id"
        size="small"
        data-testid="app-versions"
        loading={versions.isFetching}
        dataSource={versions.data?.list ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('systemCatalogue.version.empty') }}
        pagination={{
          current: versions.data?.page ?? paging.page,
          pageSize: versions.data?.pageSize ?? paging.pageSize,
          total: versions.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('systemCatalogue.version.name'),
            dataIndex: 'name',
            width: 180,
            render: (value: string, row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{value}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.identifier}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('systemCatalogue.version.version'), dataIndex: 'version', width: 100 },
          {
            title: t('systemCatalogue.version.status'),
            dataIndex: 'latest',
            width: 100,
            render: (latest: boolean) =>
              latest ? (
                <Tag color="green">{t('systemCatalogue.version.latest')}</Tag>
              ) : (
                <Tag>{t('systemCatalogue.version.historical')}</Tag>
              ),
          },
          { title: t('systemCatalogue.version.enterprise'), dataIndex: 'enterprise', width: 140 },
          {
            title: t('systemCatalogue.version.iosUrl'),
            dataIndex: 'iosUrl',
            width: 200,
            ellipsis: true,
          },
          {
            title: t('systemCatalogue.version.androidUrl'),
            dataIndex: 'androidUrl',
            width: 200,
            ellipsis: true,
          },
          {
            title: t('systemCatalogue.version.createdAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: (value: string) => formatTime(value),
          },
          {
            title: t('monitor.common.actions'),
            key: 'actions',
            width: 200,
            fixed: 'right',
            render: (_value, row) => (
              <Space size={0}>
                {row.latest ? null : (
                  <Button type="link" size="small" onClick={() => makeLatest.mutate(row.id)}>
                    {t('systemCatalogue.version.setLatest')}
                  </Button>
                )}
                <RowActions
                  onEdit={() => setEditing(row)}
                  onDelete={() => remove.mutateAsync(row.id)}
                  deleteTitle={t('systemCatalogue.version.deleteConfirm', { version: row.version })}
                />
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <AppVersionDialog
          version={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void versions.refetch()}
        />
      ) : null}
    </Card>
  );
}
