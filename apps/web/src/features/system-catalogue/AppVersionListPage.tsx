/**
 * App versions (/manage/system/version): every published version of the mobile apps, the latest of
 * each app marked; add, edit, make latest, delete. /download shows the latest ones.
 */
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { systemCatalogueApi, type AppVersion } from '../../api/system-catalogue.api.ts';
import {
  actionColumn,
  PagedTable,
  RowActions,
  ScreenCard,
  timeColumn,
  useAction,
  useEditor,
  usePagedQuery,
} from '../../blocks/index.ts';
import { AppVersionDialog } from './AppVersionDialog.tsx';

export default function AppVersionListPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const versions = usePagedQuery<AppVersion>({
    queryKey: ['app-versions', keyword],
    fetch: (paging) => systemCatalogueApi.appVersions.list({ keyword: keyword || undefined, ...paging }),
  });
  const editor = useEditor<AppVersion>(versions.refetch);
  const makeLatest = useAction({
    run: (id: string) => systemCatalogueApi.appVersions.setLatest(id),
    successText: t('systemCatalogue.version.markedLatest'),
    onDone: versions.refetch,
  });

  return (
    <ScreenCard
      title={t('routes.SystemVersion')}
      add={{
        label: t('systemCatalogue.version.add'),
        onClick: () => editor.open(null),
        testId: 'version-add',
      }}
      search={{ placeholder: t('systemCatalogue.version.search'), onSearch: setKeyword, width: 300 }}
    >
      <PagedTable<AppVersion>
        paged={versions}
        testId="app-versions"
        emptyText={t('systemCatalogue.version.empty')}
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
          timeColumn(t('systemCatalogue.version.createdAt'), 'createdAt'),
          actionColumn(
            t('monitor.common.actions'),
            (row: AppVersion) => (
              <RowActions
                onEdit={() => editor.open(row)}
                remove={{
                  title: t('systemCatalogue.version.deleteConfirm', { version: row.version }),
                  run: () => systemCatalogueApi.appVersions.delete(row.id),
                  successText: t('systemCatalogue.version.deleted'),
                  onDone: versions.refetch,
                }}
              >
                {row.latest ? null : (
                  <Button type="link" size="small" onClick={() => makeLatest.mutate(row.id)}>
                    {t('systemCatalogue.version.setLatest')}
                  </Button>
                )}
              </RowActions>
            ),
            200,
          ),
        ]}
      />
      {editor.props ? <AppVersionDialog {...editor.props} /> : null}
    </ScreenCard>
  );
}
