/** /manage/dealer: certified dealers with organisation id, data permission, debug rights and customers. */
import type { Dealer } from '@lyyp/contracts/admin';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin.api.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useDescribeAdminFailure } from './admin-text.ts';

export default function DealerListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const dealers = useQuery({
    queryKey: ['admin', 'dealers', keyword, paging],
    queryFn: () => adminApi.listDealers({ keyword: keyword || undefined, ...paging }),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (accountId: string) => adminApi.cancelDealer(accountId),
    onSuccess: () => void dealers.refetch(),
    onError: (error) => void message.error(describe(error)),
  });
  return (
    <Card
      variant="borderless"
      title={t('routes.Dealer')}
      extra={
        <Link to="/manage/dealer/permission/new">
          <Button type="primary" data-testid="dealer-add">
            {t('admin.dealers.add')}
          </Button>
        </Link>
      }
    >
      <Input.Search
        allowClear
        style={{ width: 260, marginBottom: 16 }}
        placeholder={t('admin.common.search')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      <Table<Dealer>
        rowKey={(row) => row.account.id}
        size="small"
        data-testid="dealers"
        loading={dealers.isFetching}
        dataSource={dealers.data?.list ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('admin.dealers.empty') }}
        pagination={{
          current: dealers.data?.page ?? paging.page,
          pageSize: dealers.data?.pageSize ?? paging.pageSize,
          total: dealers.data?.total ?? 0,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('admin.fields.account'),
            key: 'account',
            render: (_v, row) => row.account.username ?? row.account.tel ?? '—',
          },
          { title: t('admin.fields.name'), key: 'name', render: (_v, row) => row.account.name ?? '—' },
          { title: t('admin.fields.organisationId'), dataIndex: 'organisationId' },
          {
            title: t('admin.roles.dataScope'),
            dataIndex: 'dataScope',
            render: (value: Dealer['dataScope'], row) =>
              value === 'all'
                ? t('admin.roles.scopeAll')
                : t('admin.roles.chosenCount', { count: row.productIds.length }),
          },
          {
            title: t('admin.dealers.canDebug'),
            dataIndex: 'canDebug',
            render: (value: boolean) => (
              <Tag color={value ? 'orange' : 'default'}>
                {value ? t('admin.dealers.debugYes') : t('admin.dealers.debugNo')}
              </Tag>
            ),
          },
          { title: t('admin.fields.customers'), key: 'customers', render: (_v, row) => row.customers.length },
          {
            title: t('admin.dealers.certifiedAt'),
            dataIndex: 'certifiedAt',
            render: (value: string) => formatTime(Date.parse(value)),
          },
          {
            title: t('admin.common.actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_value: unknown, row: Dealer) => (
              <Space size={0}>
                <Link to={`/manage/dealer/permission/${row.account.id}`}>
                  <Button type="link" size="small">
                    {t('admin.common.edit')}
                  </Button>
                </Link>
                <Popconfirm
                  title={t('admin.dealers.cancelConfirm', {
                    name: row.account.name ?? row.account.username ?? '',
                  })}
                  onConfirm={() => cancel.mutate(row.account.id)}
                >
                  <Button type="link" size="small" danger>
                    {t('admin.dealers.cancel')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
