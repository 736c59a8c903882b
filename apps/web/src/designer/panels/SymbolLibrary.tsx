/**
 * The industrial symbol library beside the canvas: every symbol of designer-core's library, grouped
 * by category and searched by its Chinese or English name (or keywords) whatever the console's
 * language. A click puts the symbol in the middle of the page, a drag where it is dropped; either
 * way it is one `ShapeSymbol` widget whose parts wait for bindings.
 */
import { Collapse, Empty, Input } from 'antd';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { groupSymbolsByCategory, searchSymbols, type IndustrialSymbol } from '@lyyp/designer-core';
import { LIBRARY_SYMBOL_DRAG_TYPE } from '../canvas/drag-types.ts';
import { useDesignerStore } from '../designer-context.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import styles from './panels.module.css';

/** The symbol's own drawing as a picture (data URL): the palette draws hundreds without DOM cost. */
const pictures = new Map<string, string>();
function pictureOf(symbol: IndustrialSymbol): string {
  let picture = pictures.get(symbol.id);
  if (!picture) {
    picture = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(symbol.svg)}`;
    pictures.set(symbol.id, picture);
  }
  return picture;
}

export function SymbolLibrary() {
  const { t } = useTranslation();
  const { label } = useDesignerLocale();
  const store = useDesignerStore();
  const [query, setQuery] = useState('');
  const groups = useMemo(() => groupSymbolsByCategory(searchSymbols(query)), [query]);
  const total = groups.reduce((sum, group) => sum + group.symbols.length, 0);

  const handleClick = (symbol: IndustrialSymbol) => {
    const { width, height } = store.getState().editor.document;
    store
      .getState()
      .run({ name: 'insert-library-symbol', symbolId: symbol.id, point: { x: width / 2, y: height / 2 } });
  };
  const handleDragStart = (event: DragEvent<HTMLDivElement>, symbol: IndustrialSymbol) => {
    event.dataTransfer.setData(LIBRARY_SYMBOL_DRAG_TYPE, symbol.id);
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <div className={styles.palette} data-industrial-library>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('designerStudio.library.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        data-library-search
      />
      <p className={styles.hint}>{t('designerStudio.library.count', { count: total })}</p>
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designerStudio.library.empty')} />
      ) : (
        <Collapse
          size="small"
          ghost
          // A search opens every group it found something in; otherwise the first group is open.
          key={query === '' ? 'all' : 'found'}
          defaultActiveKey={
            query === '' ? [groups[0]?.category ?? ''] : groups.map((group) => group.category)
          }
          items={groups.map((group) => ({
            key: group.category,
            label: `${label(group.label)} (${group.symbols.length})`,
            children: (
              <div className={styles.paletteGrid} data-library-category={group.category}>
                {group.symbols.map((symbol) => (
                  <div
                    key={symbol.id}
                    className={styles.paletteItem}
                    data-library-symbol={symbol.id}
                    title={label(symbol.name)}
                    draggable
                    onDragStart={(event) => handleDragStart(event, symbol)}
                    onClick={() => handleClick(symbol)}
                  >
                    <img className={styles.symbolPicture} src={pictureOf(symbol)} alt="" draggable={false} />
                    <span>{label(symbol.name)}</span>
                  </div>
                ))}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
