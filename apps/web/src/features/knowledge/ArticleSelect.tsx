/** Picks one of a product's knowledge articles (the alarm rule's "what to do" link); cleared: none. */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { knowledgeApi } from '../../api/knowledge.api.ts';

export interface ArticleSelectProps {
  productId: string;
  /** Given by Form.Item, so the label points at the input. */
  id?: string;
  value?: string | undefined;
  onChange?: (value: string | undefined) => void;
}

/** Articles offered at once; the search box narrows them on the server. */
const OPTIONS_PAGE_SIZE = 100;

export function ArticleSelect({ productId, id, value, onChange }: ArticleSelectProps) {
  const { t } = useTranslation();
  const articles = useQuery({
    queryKey: ['knowledge-options', productId],
    queryFn: () => knowledgeApi.list({ productId, page: 1, pageSize: OPTIONS_PAGE_SIZE }),
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      data-testid="rule-article"
      placeholder={t('knowledge.noArticle')}
      loading={articles.isLoading}
      value={value || undefined}
      onChange={(next?: string) => onChange?.(next ?? undefined)}
      options={(articles.data?.list ?? []).map((article) => ({ value: article.id, label: article.title }))}
    />
  );
}
