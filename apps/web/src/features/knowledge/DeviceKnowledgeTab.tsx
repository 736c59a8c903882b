/**
 * The device detail's knowledge tab (monitoring site): the articles of the device's product,
 * searchable, each opened read-only in a drawer.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knowledgeApi, type KnowledgeArticleSummary } from '../../api/knowledge.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import type { DeviceTabProps } from '../monitor/device-tab-props.ts';
import { ArticleReader } from './ArticleReader.tsx';

export default function DeviceKnowledgeTab({ device }: DeviceTabProps) {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const articles = useQuery({
    queryKey: ['device-knowledge', device.id, keyword, page],
    queryFn: () =>
      knowledgeApi.deviceList({ deviceId: device.id, keyword: keyword || undefined, page, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Input.Search
        allowClear
        style={{ width: 300, marginBottom: 12 }}
        placeholder={t('knowledge.search')}
        data-testid="device-knowledge-search"
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
      />
      {articles.error ? (
        <Typography.Paragraph type="danger">{describeFailure(articles.error)}</Typography.Paragraph>
      ) : null}
      <List<KnowledgeArticleSummary>
        data-testid="device-knowledge-list"
        loading={articles.isFetching}
        dataSource={articles.data?.list ?? []}
        locale={{ emptyText: t('knowledge.empty') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: articles.data?.total ?? 0,
          onChange: setPage,
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
