/**
 * A product's knowledge base (/manage/product/knowledge/:id): its articles with title, summary,
 * time of the last change and author, searched over title and body; write, change, read, delete.
 * Writing, changing and deleting show only when the policy allows editing this product's knowledge.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  knowledgeApi,
  type KnowledgeArticle,
  type KnowledgeArticleSummary,
} from '../../api/knowledge.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { ArticleDialog } from './ArticleDialog.tsx';
import { ArticleReader } from './ArticleReader.tsx';

export default function ProductKnowledgePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const productId = useParams().id ?? '';
  const mayEdit = useProductAbilities(productId)('knowledge.edit');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<KnowledgeArticle | 'new' | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const articles = useQuery({
    queryKey: ['product-knowledge', productId, keyword, paging],
    queryFn: () => knowledgeApi.list({ productId, keyword: keyword || undefined, ...paging }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => knowledgeApi.delete(productId, id),
    onSuccess: () => {
      void message.success(t('knowledge.deleted'));
      return articles.refetch();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  const openEditor = useMutation({
    mutationFn: (id: string) => knowledgeApi.info(productId, id),
    onSuccess: (article) => setEditing(article),
    onError: (error) => void message.error(describeFailure(error)),
  });

  return (
    <Card
      variant="borderless"
      title={t('routes.ProductKnowledge')}
      extra={
        mayEdit ? (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="knowledge-add">
            {t('knowledge.add')}
          </Button>
        ) : null
      }
    >
      <Input.Search
        allowClear
        style={{ width: 320, marginBottom: 16 }}
        placeholder={t('knowledge.search')}
        data-testid="knowledge-search"
        onSearch={(value) => {
          setKeyword(value.trim());
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      {articles.error ? (
        <Typography.Paragraph type="danger">{describeFailure(articles.error)}</Typography.Paragraph>
      ) : null}
      <Table<KnowledgeArticleSummary>
        rowKey="id"
        size="small"
        data-testid="knowledge-articles"
        loading={articles.isFetching}
        dataSource={articles.data?.list ?? []}
        locale={{ emptyText: t('knowledge.empty') }}
        pagination={{
          current: articles.data?.page ?? paging.page,
          pageSize: articles.data?.pageSize ?? paging.pageSize,
          total: articles.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('knowledge.fields.title'),
            dataIndex: 'title',
            width: 240,
            render: (title: string, item) => (
              <Typography.Link onClick={() => setReading(item.id)}>{title}</Typography.Link>
            ),
          },
          { title: t('knowledge.fields.summary'), dataIndex: 'summary', ellipsis: true },
          {
            title: t('knowledge.fields.updatedAt'),
            dataIndex: 'updatedAt',
            width: 160,
            render: (value: number) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('knowledge.fields.author'),
            dataIndex: 'authorName',
            width: 120,
            render: (value: string | null) => value ?? '—',
          },
          ...(mayEdit
            ? [
                {
                  title: t('monitor.common.actions'),
                  key: 'actions',
                  width: 140,
                  render: (_value: unknown, item: KnowledgeArticleSummary) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => openEditor.mutate(item.id)}
                        data-testid="knowledge-edit"
                      >
                        {t('monitor.common.edit')}
                      </Button>
                      <Popconfirm
                        title={t('knowledge.confirmDelete')}
                        onConfirm={() => remove.mutate(item.id)}
                      >
                        <Button type="link" size="small" danger data-testid="knowledge-delete">
                          {t('monitor.common.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <ArticleDialog
          productId={productId}
          article={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void articles.refetch();
          }}
        />
      ) : null}
      <ArticleReader
        source={
          reading
            ? { key: ['product', productId, reading], load: () => knowledgeApi.info(productId, reading) }
            : null
        }
        onClose={() => setReading(null)}
      />
    </Card>
  );
}
