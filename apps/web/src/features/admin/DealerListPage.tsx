/** /manage/dealer: certified dealers with organisation id, data permission, debug rights and customers. */
import type { Dealer } from '@lyyp/contracts/admin';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin.api.ts';
import {
  actionColumn,
  PagedTable,
  ScreenCard,
  timeColumn,
  useAction,
  usePagedQuery,
} from '../../blocks/index.ts';
import { useDescribeAdminFailure } from './admin-text.ts';

export default function DealerListPage() {
  const { t } = useTranslation();
  const describe = useDescribeAdminFailure();
  const [keyword, setKeyword] = useState('');
  const dealers = usePagedQuery<Dealer>({
    queryKey: ['admin', 'dealers', keyword],
    fetch: (paging) => adminApi.listDealers({ keyword: keyword || undefined, ...paging }),
  });
  const cancel = useAction({
    run: (accountId: string) => adminApi.cancelDealer(accountId),
    onDone: dealers.refetch,
    describeError: describe,
  });
  return (
    <ScreenCard
      title={t('routes.Dealer')}
      extra={
        <Link to="/manage/dealer/permission/new">
          <Button type="primary" data-testid="dealer-add">
            {t('admin.dealers.add')}
          </Button>
        </Link>
      }
      search={{ placeholder: t('admin.common.search'), onSearch: setKeyword }}
    >
      <PagedTable<Dealer>
        rowKey={(row) => row.account.id}
        testId="dealers"
        paged={dealers}
        describeError={describe}
        emptyText={t('admin.dealers.empty')}
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
          timeColumn(t('admin.dealers.certifiedAt'), 'certifiedAt'),
          actionColumn(
            t('admin.common.actions'),
            (row: Dealer) => (
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
            200,
          ),
        ]}
      />
    </ScreenCard>
  );
}
