/**
 * What lands on the canvas from the side panels: a palette widget, a symbol (of the industrial
 * library, or a basic one built of widgets), or a variable
 * of the tag browser (a new bound widget on bare canvas, a binding on the widget under it, one undo
 * step either way).
 */
import { App } from 'antd';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafWidgetType } from '@lyyp/contracts/designer';
import { findWidget, hitTestWidget, SYMBOL_IDS, type Point, type SymbolId } from '@lyyp/designer-core';
import { useDesignerStore } from '../designer-context.ts';
import { useDesignerData } from '../panels/designer-data.ts';
import { bindingsOnDrop, widgetForTag } from '../state/tag-drop.ts';
import {
  CANVAS_DRAG_TYPES,
  LIBRARY_SYMBOL_DRAG_TYPE,
  SYMBOL_DRAG_TYPE,
  TAG_DRAG_TYPE,
  WIDGET_DRAG_TYPE,
} from './drag-types.ts';

export function useCanvasDrop(toPage: (clientX: number, clientY: number) => Point) {
  const store = useDesignerStore();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { bindingOptions, variables } = useDesignerData();

  const dropTag = (value: string, point: Point) => {
    const option = bindingOptions.find((candidate) => candidate.value === value);
    if (!option) return;
    const state = store.getState();
    const document = state.editor.document;
    const targetId = hitTestWidget(document, point);
    const target = targetId ? findWidget(document, targetId) : undefined;
    if (target) {
      const sets = bindingsOnDrop(target, option);
      if (sets.length === 0) {
        void message.warning(t('designerStudio.tags.notBindable'));
        return;
      }
      const done = state.runAsOneStep('bind', (run) => {
        for (const set of sets) run({ name: 'set-property', ...set });
      });
      if (done) {
        void message.success(
          t('designerStudio.tags.bound', { name: option.title, widget: target.widgetName }),
        );
        state.dispatch({ type: 'select', ids: [target.id] });
      }
      return;
    }
    const made = widgetForTag(
      option,
      variables.find((variable) => variable.key === option.key),
    );
    state.runAsOneStep('drop', (run) => {
      const placed = run({ name: 'drop', widgetType: made.widgetType, point });
      const id = placed.selection[0];
      if (!id) return;
      for (const set of made.properties(id)) run({ name: 'set-property', ...set });
    });
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (CANVAS_DRAG_TYPES.some((type) => event.dataTransfer.types.includes(type))) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    const point = toPage(event.clientX, event.clientY);
    const tag = event.dataTransfer.getData(TAG_DRAG_TYPE);
    if (tag) {
      event.preventDefault();
      dropTag(tag, point);
      return;
    }
    const librarySymbol = event.dataTransfer.getData(LIBRARY_SYMBOL_DRAG_TYPE);
    if (librarySymbol) {
      event.preventDefault();
      store.getState().run({ name: 'insert-library-symbol', symbolId: librarySymbol, point });
      return;
    }
    const symbol = event.dataTransfer.getData(SYMBOL_DRAG_TYPE);
    if ((SYMBOL_IDS as readonly string[]).includes(symbol)) {
      event.preventDefault();
      store.getState().run({ name: 'insert-symbol', symbol: symbol as SymbolId, point });
      return;
    }
    const type = event.dataTransfer.getData(WIDGET_DRAG_TYPE) as LeafWidgetType;
    if (!type) return;
    event.preventDefault();
    store.getState().run({ name: 'drop', widgetType: type, point });
  };

  return { handleDragOver, handleDrop };
}
