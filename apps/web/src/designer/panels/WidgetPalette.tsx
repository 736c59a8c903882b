/**
 * The widget library (§1: palette from the registry). Built types can be clicked (then drawn by
 * dragging on the canvas) or dragged onto the canvas; types not built yet are listed, marked and
 * disabled.
 */
import { Tooltip } from 'antd';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { listWidgetDefinitions, type LeafWidgetDefinition, type WidgetCategory } from '@lyyp/designer-core';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { WIDGET_DRAG_TYPE } from '../canvas/EditorCanvas.tsx';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { WidgetIcon } from './widget-icons.tsx';
import styles from './panels.module.css';

const CATEGORIES: readonly Exclude<WidgetCategory, 'group'>[] = ['shape', 'usual', 'complex'];

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
    </div>
  );
}
