/**
 * The product's pages (route /manage/product/edit/:id/page): create, rename, copy, delete, main or
 * child, the one start page; each opens in the designer. The changing buttons show only when the
 * policy allows designing this product's pages (`page.design`); a viewer still opens a page by its title.
 */
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FormOutlined,
  HomeOutlined,
  LockOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ProductEditTabs } from '../product/ProductEditTabs.tsx';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { designerApi, type PageKind, type PageSummary } from '../../api/designer.api.ts';
import { describeError } from '../../app/messages.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { PageTitleModal, type PageTitleValues } from './PageTitleModal.tsx';
import { designerPath } from './page-paths.ts';

type Dialog =
  { kind: 'create' } | { kind: 'rename'; page: PageSummary } | { kind: 'copy'; page: PageSummary } | null;

export default function ProductPagesTab() {
  const { id: productId = '' } = useParams();
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayDesign = useProductAbilities(productId)('page.design');
  const [dialog, setDialogState] = useState<Dialog>(null);
  const [dialogFailure, setDialogFailure] = useState<unknown>(null);
  const setDialog = (next: Dialog) => {
    setDialogState(next);
    setDialogFailure(null);
  };
  const queryKey = ['designer', 'pages', productId];
  const pages = useQuery({ queryKey, queryFn: () => designerApi.listPages(productId) });

  const change = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      setDialog(null);
      void message.success(t('designer.pages.done'));
      await queryClient.invalidateQueries({ queryKey });
    },
    // A refused title shows in the open dialog, on its input when the server names it.
    onError: (error) => (dialog ? setDialogFailure(error) : void message.error(describeError(error, locale))),
  });

  const submitDialog = ({ title, kind }: PageTitleValues) => {
    if (!dialog) return;
    setDialogFailure(null);
    if (dialog.kind === 'create') change.mutate(() => designerApi.addPage({ productId, title, kind }));
    if (dialog.kind === 'rename') change.mutate(() => designerApi.renamePage({ id: dialog.page.id, title }));
    if (dialog.kind === 'copy')
      change.mutate(() =>
        designerApi.copyPage(title ? { id: dialog.page.id, title } : { id: dialog.page.id }),
      );
  };

  const columns = [
    {
      title: t('designer.pages.name'),
      dataIndex: 'title',
      render: (_: unknown, page: PageSummary) => (
        <Space>
          <Link to={designerPath(productId, page.id)} data-page-link={page.id}>
            {page.title}
          </Link>
          {page.isStart ? (
            <Tag color="blue" icon={<HomeOutlined />}>
              {t('designer.pages.start')}
            </Tag>
          ) : null}
          {page.checkpwd ? (
            <Tooltip title={t('designer.pages.protected')}>
              <LockOutlined style={{ color: '#8c8c8c' }} />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('designer.pages.kind'),
      dataIndex: 'kind',
      width: 140,
      render: (kind: PageKind, page: PageSummary) => (
        <Select
          size="small"
          value={kind}
          disabled={page.isStart || !mayDesign}
          style={{ width: 110 }}
          options={(['main', 'child'] as const).map((value) => ({
            value,
            label: t(`designer.pages.kinds.${value}`),
          }))}
          onChange={(next: PageKind) =>
            change.mutate(() => designerApi.setPageKind({ id: page.id, kind: next }))
          }
        />
      ),
    },
    {
      title: t('designer.pages.updatedAt'),
      dataIndex: 'updatedAt',
      width: 180,
      render: (updatedAt: string) => (updatedAt ? dayjs(updatedAt).format('YYYY-MM-DD HH:mm') : '--'),
    },
    {
      title: t('designer.pages.actions'),
      key: 'actions',
      width: 380,
      render: (_: unknown, page: PageSummary) => (
        <Space size={0} wrap>
          {mayDesign ? (
            <Link to={designerPath(productId, page.id)}>
              <Button type="link" size="small" icon={<FormOutlined />} data-action="design-page">
                {t('designer.pages.design')}
              </Button>
            </Link>
          ) : null}
          {mayDesign && page.kind === 'main' && !page.isStart ? (
            <Button
              type="link"
              size="small"
              icon={<HomeOutlined />}
              onClick={() => change.mutate(() => designerApi.setStartPage(page.id))}
            >
              {t('designer.pages.setStart')}
            </Button>
          ) : null}
          {mayDesign ? (
            <>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setDialog({ kind: 'rename', page })}
              >
                {t('designer.pages.rename')}
              </Button>
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                onClick={() => setDialog({ kind: 'copy', page })}
              >
                {t('designer.pages.copy')}
              </Button>
              <Popconfirm
                title={t('designer.pages.deleteConfirm', { title: page.title })}
                description={t('designer.pages.deleteContent')}
                okButtonProps={{ danger: true }}
                onConfirm={() => change.mutate(() => designerApi.deletePage(page.id))}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} data-action="delete-page">
                  {t('designer.pages.delete')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  const dialogTitle = dialog
    ? {
        create: t('designer.pages.createTitle'),
        rename: t('designer.pages.renameTitle'),
        copy: t('designer.pages.copyTitle'),
      }[dialog.kind]
    : '';

  return (
    <ProductEditTabs productId={productId}>
      <Card
        variant="borderless"
        title={t('designer.pages.title')}
        extra={
          mayDesign ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: 'create' })}
              data-action="create-page"
            >
              {t('designer.pages.create')}
            </Button>
          ) : null
        }
        data-product-pages
      >
        <Typography.Paragraph type="secondary">{t('designer.pages.startHint')}</Typography.Paragraph>
        <Table<PageSummary>
          rowKey="id"
          size="middle"
          loading={pages.isLoading}
          dataSource={pages.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: pages.error ? describeError(pages.error, locale) : t('designer.pages.empty') }}
        />
        <PageTitleModal
          open={dialog !== null}
          title={dialogTitle}
          initial={
            dialog && dialog.kind !== 'create'
              ? { title: dialog.kind === 'rename' ? dialog.page.title : '' }
              : {}
          }
          withKind={dialog?.kind === 'create'}
          titleRequired={dialog?.kind !== 'copy'}
          confirming={change.isPending}
          onSubmit={submitDialog}
          onCancel={() => setDialog(null)}
          failure={dialogFailure}
        />
      </Card>
    </ProductEditTabs>
  );
}
