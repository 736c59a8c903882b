/**
 * One article in a drawer: title, author and time, the body, attachments to download. Opened from
 * the product's knowledge tab, from a device's knowledge tab, and from an alarm record whose rule
 * links the article ("what to do"); `load` says through which path it is read.
 */
import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Drawer, List, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { KnowledgeArticle } from '../../api/knowledge.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { ArticleBody } from './ArticleBody.tsx';

export interface ArticleReaderProps {
  /** What is open: a key for the cache and how to load it; null: the drawer is closed. */
  source: { key: readonly unknown[]; load: () => Promise<KnowledgeArticle> } | null;
  onClose: () => void;
}

function sizeText(size: number): string {
  return size < 1024 * 1024
    ? `${Math.max(1, Math.round(size / 1024))} KB`
    : `${(size / 1024 / 1024).toFixed(1)} MB`;
}

export function ArticleReader({ source, onClose }: ArticleReaderProps) {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  const article = useQuery({
    queryKey: ['knowledge-article', ...(source?.key ?? [])],
    queryFn: () => source!.load(),
    enabled: source !== null,
  });
  const data = article.data;
  return (
    <Drawer
      open={source !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={data?.title ?? t('knowledge.article')}
      data-testid="knowledge-reader"
    >
      {article.error ? (
        <Typography.Paragraph type="danger">{describeFailure(article.error)}</Typography.Paragraph>
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Text type="secondary">
            {t('knowledge.byline', {
              author: data.authorName ?? '—',
              time: dayjs(data.updatedAt).format('YYYY-MM-DD HH:mm'),
            })}
          </Typography.Text>
          {data.summary ? <Typography.Paragraph strong>{data.summary}</Typography.Paragraph> : null}
          <ArticleBody html={data.body} />
          {data.attachments.length > 0 ? (
            <List
              size="small"
              header={t('knowledge.fields.attachments')}
              dataSource={data.attachments}
              renderItem={(file) => (
                <List.Item>
                  <a href={file.url} download={file.name}>
                    <PaperClipOutlined /> {file.name}
                  </a>
                  <Typography.Text type="secondary">{sizeText(file.size)}</Typography.Text>
                </List.Item>
              )}
            />
          ) : null}
        </Space>
      )}
    </Drawer>
  );
}
