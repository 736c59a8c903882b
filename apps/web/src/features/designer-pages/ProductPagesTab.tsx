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
import { App, Button, Card, Select, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ProductEditTabs } from '../product/ProductEditTabs.tsx';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { designerApi, type PageKind, type PageSummary } from '../../api/designer.api.ts';
import { describeError } from '../../app/messages.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { actionColumn, ConsoleTable, useConfirmAction, type ConsoleColumn } from '../../blocks/index.ts';
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
  const confirm = useConfirmAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const queryKey = ['designer', 'pages', productId];
  const pages = useQuery({ queryKey, queryFn: () => designerApi.listPages(productId) });

  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const change = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      void message.success(t('designer.pages.done'));
      await refresh();
    },
    onError: (error) => void message.error(describeError(error, locale)),
  });

  // A refused title shows in the open dialog, on its input when the server names it.
  const submitDialog = (open: NonNullable<Dialog>, { title, kind }: PageTitleValues): Promise<unknown> => {
    if (open.kind === 'create') return designerApi.addPage({ productId, title, kind });
    if (open.kind === 'rename') return designerApi.renamePage({ id: open.page.id, title });
    return designerApi.copyPage(title ? { id: open.page.id, title } : { id: open.page.id });
  };

  const columns: ConsoleColumn<PageSummary>[] = [
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
    actionColumn(
      t('designer.pages.actions'),
      (page) => (
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
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-action="delete-page"
                onClick={() =>
                  confirm({
                    title: t('designer.pages.deleteConfirm', { title: page.title }),
                    content: t('designer.pages.deleteContent'),
                    run: () => designerApi.deletePage(page.id),
                    successText: t('designer.pages.done'),
                    onDone: refresh,
                    describeError: (error) => describeError(error, locale),
                  })
                }
              >
                {t('designer.pages.delete')}
              </Button>
            </>
          ) : null}
        </Space>
      ),
      380,
    ),
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
        <ConsoleTable<PageSummary>
          size="middle"
          loading={pages.isLoading}
          error={pages.error}
          describeError={(error) => describeError(error, locale)}
          rows={pages.data}
          columns={columns}
          emptyText={t('designer.pages.empty')}
        />
        {dialog ? (
          <PageTitleModal
            key={dialog.kind === 'create' ? 'create' : `${dialog.kind}:${dialog.page.id}`}
            title={dialogTitle}
            initial={
              dialog.kind !== 'create' ? { title: dialog.kind === 'rename' ? dialog.page.title : '' } : {}
            }
            withKind={dialog.kind === 'create'}
            titleRequired={dialog.kind !== 'copy'}
            submit={(values) => submitDialog(dialog, values)}
            onSaved={() => void refresh()}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Card>
    </ProductEditTabs>
  );
}
