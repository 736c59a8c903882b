/**
 * A product's knowledge base (/manage/product/knowledge/:id): its articles with title, summary,
 * time of the last change and author, searched over title and body; write, change, read, delete.
 * Writing, changing and deleting show only when the policy allows editing this product's knowledge.
 */
import { Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  knowledgeApi,
  type KnowledgeArticle,
  type KnowledgeArticleSummary,
} from '../../api/knowledge.api.ts';
import {
  actionColumn,
  ConfirmButton,
  PagedTable,
  ScreenCard,
  useAction,
  usePagedQuery,
} from '../../blocks/index.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { ArticleDialog } from './ArticleDialog.tsx';
import { ArticleReader } from './ArticleReader.tsx';

export default function ProductKnowledgePage() {
  const { t } = useTranslation();
  const productId = useParams().id ?? '';
  const mayEdit = useProductAbilities(productId)('knowledge.edit');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<KnowledgeArticle | 'new' | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const articles = usePagedQuery<KnowledgeArticleSummary>({
    queryKey: ['product-knowledge', productId, keyword],
    fetch: (paging) => knowledgeApi.list({ productId, keyword: keyword || undefined, ...paging }),
  });
  const openEditor = useAction({
    run: (id: string) => knowledgeApi.info(productId, id),
    onDone: (article) => setEditing(article),
  });

  return (
    <ScreenCard
      title={t('routes.ProductKnowledge')}
      add={
        mayEdit && { label: t('knowledge.add'), onClick: () => setEditing('new'), testId: 'knowledge-add' }
      }
      search={{
        placeholder: t('knowledge.search'),
        onSearch: setKeyword,
        width: 320,
        testId: 'knowledge-search',
      }}
    >
      <PagedTable<KnowledgeArticleSummary>
        paged={articles}
        testId="knowledge-articles"
        emptyText={t('knowledge.empty')}
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
          mayEdit &&
            actionColumn(
              t('monitor.common.actions'),
              (item: KnowledgeArticleSummary) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => openEditor.mutate(item.id)}
                    data-testid="knowledge-edit"
                  >
                    {t('monitor.common.edit')}
                  </Button>
                  <ConfirmButton
                    label={t('monitor.common.delete')}
                    title={t('knowledge.confirmDelete')}
                    okText={t('monitor.common.delete')}
                    run={() => knowledgeApi.delete(productId, item.id)}
                    successText={t('knowledge.deleted')}
                    onDone={articles.refetch}
                    testId="knowledge-delete"
                  />
                </Space>
              ),
              140,
            ),
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
    </ScreenCard>
  );
}
