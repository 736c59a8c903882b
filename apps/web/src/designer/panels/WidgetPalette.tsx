/**
 * The widget library (§1: palette from the registry). Built types can be clicked (then drawn by
 * dragging on the canvas) or dragged onto the canvas; types not built yet are listed, marked and
 * disabled. Below them, the symbol library: industrial equipment inserted as groups of those widgets.
 */
import { Tooltip } from 'antd';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  listSymbolDefinitions,
  listWidgetDefinitions,
  type LeafWidgetDefinition,
  type SymbolDefinition,
  type WidgetCategory,
} from '@lyyp/designer-core';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { SYMBOL_DRAG_TYPE, WIDGET_DRAG_TYPE } from '../canvas/drag-types.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { SymbolIcon, WidgetIcon } from './widget-icons.tsx';
import styles from './panels.module.css';

const CATEGORIES: readonly Exclude<WidgetCategory, 'group'>[] = ['shape', 'usual', 'complex'];

const SYMBOLS = listSymbolDefinitions();

const LEAF_DEFINITIONS = listWidgetDefinitions().filter(
  (definition): definition is LeafWidgetDefinition => definition.category !== 'group',
);

export function WidgetPalette() {
  const { t } = useTranslation();
  const { label } = useDesignerLocale();
  const store = useDesignerStore();
  const tool = useDesigner((state) => state.editor.tool);

  const handleClick = (definition: LeafWidgetDefinition) => {
    if (!definition.implemented) return;
    const active = tool.kind === 'draw' && tool.widgetType === definition.type;
    store.getState().dispatch({
      type: 'set-tool',
      tool: active ? { kind: 'select' } : { kind: 'draw', widgetType: definition.type },
    });
  };

  const handleDragStart = (event: DragEvent<HTMLDivElement>, definition: LeafWidgetDefinition) => {
    event.dataTransfer.setData(WIDGET_DRAG_TYPE, definition.type);
    event.dataTransfer.effectAllowed = 'copy';
  };

  // A symbol is inserted whole: a click puts it in the middle of the page, a drag where it is dropped.
  const handleSymbolClick = (symbol: SymbolDefinition) => {
    const { width, height } = store.getState().editor.document;
    store
      .getState()
      .run({ name: 'insert-symbol', symbol: symbol.id, point: { x: width / 2, y: height / 2 } });
  };

  const handleSymbolDragStart = (event: DragEvent<HTMLDivElement>, symbol: SymbolDefinition) => {
    event.dataTransfer.setData(SYMBOL_DRAG_TYPE, symbol.id);
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <div className={styles.palette} data-widget-palette>
      <p className={styles.hint}>{t('designer.palette.hint')}</p>
      {CATEGORIES.map((category) => (
        <section key={category}>
          <div className={styles.paletteGroup}>{t(`designer.palette.group.${category}`)}</div>
          <div className={styles.paletteGrid}>
            {LEAF_DEFINITIONS.filter((definition) => definition.category === category).map((definition) => {
              const active = tool.kind === 'draw' && tool.widgetType === definition.type;
              const classes = [
                styles.paletteItem,
                active ? styles.paletteActive : '',
                definition.implemented ? '' : styles.paletteDisabled,
              ];
              const item = (
                <div
                  key={definition.type}
                  className={classes.join(' ')}
                  data-palette-item={definition.type}
                  aria-disabled={!definition.implemented}
                  draggable={definition.implemented}
                  onDragStart={(event) => handleDragStart(event, definition)}
                  onClick={() => handleClick(definition)}
                >
                  <WidgetIcon type={definition.type} />
                  <span>{label(definition.label)}</span>
                  {definition.implemented ? null : (
                    <span className={styles.notBuiltTag}>{t('designer.palette.notBuilt')}</span>
                  )}
                </div>
              );
              return definition.implemented ? (
                item
              ) : (
                <Tooltip key={definition.type} title={t('designer.palette.notBuilt')}>
                  {item}
                </Tooltip>
              );
            })}
          </div>
        </section>
      ))}
      <section data-symbol-library>
        <div className={styles.paletteGroup}>{t('designer.palette.group.symbols')}</div>
        <div className={styles.paletteGrid}>
          {SYMBOLS.map((symbol) => (
            <div
              key={symbol.id}
              className={styles.paletteItem}
              data-palette-symbol={symbol.id}
              draggable
              onDragStart={(event) => handleSymbolDragStart(event, symbol)}
              onClick={() => handleSymbolClick(symbol)}
            >
              <SymbolIcon id={symbol.id} />
              <span>{label(symbol.label)}</span>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
