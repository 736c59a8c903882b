/**
 * The tag browser beside the canvas: the product's variables (device, intermediate) and the system
 * keys as a tree, searched by name or key. A variable dragged onto the canvas becomes a widget bound
 * to it; dropped on a widget it binds that widget (`state/tag-drop.ts`).
 */
import { Empty, Input, Tag, Tree } from 'antd';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BindingOption, BindingSource } from '../../widgets/signal-catalogue.ts';
import { TAG_DRAG_TYPE } from '../canvas/drag-types.ts';
import { useDesignerData } from './designer-data.ts';
import styles from './panels.module.css';

const GROUPS: readonly { source: BindingSource; text: string }[] = [
  { source: 'signal', text: 'device' },
  { source: 'mvar', text: 'intermediate' },
  { source: 'system', text: 'system' },
];

/** Options whose title or key holds the search text (any case). */
export function filterTags(options: readonly BindingOption[], search: string): BindingOption[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...options];
  return options.filter(
    (option) => option.title.toLowerCase().includes(needle) || option.key.toLowerCase().includes(needle),
  );
}

export function TagBrowser() {
  const { t } = useTranslation();
  const { bindingOptions } = useDesignerData();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterTags(bindingOptions, search), [bindingOptions, search]);

  const handleDragStart = (event: DragEvent<HTMLSpanElement>, option: BindingOption) => {
    event.dataTransfer.setData(TAG_DRAG_TYPE, option.value);
    event.dataTransfer.effectAllowed = 'copy';
  };

  const treeData = GROUPS.map((group) => ({
    key: group.source,
    selectable: false,
    title: t(`designerStudio.tags.group.${group.text}`),
    children: shown
      .filter((option) => option.source === group.source)
      .map((option) => ({
        key: option.value,
        isLeaf: true,
        selectable: false,
        title: (
          <span
            className={styles.tag}
            draggable
            data-tag={option.value}
            title={option.key}
            onDragStart={(event) => handleDragStart(event, option)}
          >
            {option.title}
            {option.subTitle ? <span className={styles.tagUnit}>{option.subTitle}</span> : null}
            {option.writable ? (
              <Tag color="blue" className={styles.tagWritable}>
                {t('designerStudio.tags.writable')}
              </Tag>
            ) : null}
          </span>
        ),
      })),
  })).filter((group) => group.children.length > 0);

  return (
    <div className={styles.palette} data-tag-browser>
      <p className={styles.hint}>{t('designerStudio.tags.hint')}</p>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('designerStudio.tags.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-tag-search
      />
      {treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designerStudio.tags.empty')} />
      ) : (
        <Tree blockNode defaultExpandAll treeData={treeData} key={search} />
      )}
    </div>
  );
}
