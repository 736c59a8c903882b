/**
 * The device detail's knowledge tab (monitoring site): the articles of the device's product,
 * searchable, each opened read-only in a drawer.
 */
import { Input, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knowledgeApi, type KnowledgeArticleSummary } from '../../api/knowledge.api.ts';
import { usePagedQuery } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { ArticleReader } from './ArticleReader.tsx';

export default function DeviceKnowledgeTab({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const articles = usePagedQuery<KnowledgeArticleSummary>({
    queryKey: ['device-knowledge', device.id, keyword],
    fetch: (paging) =>
      knowledgeApi.deviceList({ deviceId: device.id, keyword: keyword || undefined, ...paging }),
  });
  return (
    <>
      <Input.Search
        allowClear
        style={{ width: 300, marginBottom: 12 }}
        placeholder={t('knowledge.search')}
        data-testid="device-knowledge-search"
        onSearch={(value) => setKeyword(value.trim())}
      />
      {articles.query.error ? (
        <Typography.Paragraph type="danger">{describeFailure(articles.query.error)}</Typography.Paragraph>
      ) : null}
      <List<KnowledgeArticleSummary>
        data-testid="device-knowledge-list"
        loading={articles.query.isFetching}
        dataSource={[...articles.rows]}
        locale={{ emptyText: t('knowledge.empty') }}
        pagination={{
          current: articles.page,
          pageSize: articles.pageSize,
          total: articles.total,
          onChange: (page) => articles.setPage(page),
          hideOnSinglePage: true,
        }}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta
              title={<Typography.Link onClick={() => setOpen(item.id)}>{item.title}</Typography.Link>}
              description={
                <>
                  {item.summary ? <div>{item.summary}</div> : null}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('knowledge.byline', {
                      author: item.authorName ?? '—',
                      time: dayjs(item.updatedAt).format('YYYY-MM-DD HH:mm'),
                    })}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      <ArticleReader
        source={
          open
            ? { key: ['device', device.id, open], load: () => knowledgeApi.deviceInfo(device.id, open) }
            : null
        }
        onClose={() => setOpen(null)}
      />
    </>
  );
}
