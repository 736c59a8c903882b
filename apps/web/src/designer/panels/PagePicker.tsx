/** Picks another page of the product, for click events that open a page or a popup. */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesignerData } from './designer-data.ts';

export function PagePicker({ value, onChange }: { value: string; onChange: (pageId: string) => void }) {
  const { t } = useTranslation();
  const { pages, pageId } = useDesignerData();
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      allowClear
      placeholder={t('designer.pagePicker.placeholder')}
      value={value || undefined}
      options={pages
        .filter((page) => page.id !== pageId)
        .map((page) => ({
          value: page.id,
          label: `${page.title} · ${t(`designer.pages.kinds.${page.kind}`)}`,
        }))}
      onChange={(next: string | undefined) => onChange(next ?? '')}
    />
  );
}
