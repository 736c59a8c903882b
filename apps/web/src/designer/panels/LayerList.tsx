/**
 * The layers: top-level widgets topmost first; a click selects (Shift adds), groups list their
 * members, and a click on a member opens its properties without taking the group apart.
 */
import { LockOutlined } from '@ant-design/icons';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget, WidgetId } from '@lyyp/contracts/designer';
import { isGroup } from '@lyyp/designer-core';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { WidgetIcon } from './widget-icons.tsx';
import styles from './panels.module.css';

export function LayerList() {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const widgets = useDesigner((state) => state.editor.document.widgets);
  const selection = useDesigner((state) => state.editor.selection);
  const member = useDesigner((state) => state.member);

  const handleSelect = (event: MouseEvent, id: WidgetId) => {
    const current = store.getState().editor.selection;
    const ids = event.shiftKey
      ? current.includes(id)
        ? current.filter((selected) => selected !== id)
        : [...current, id]
      : [id];
    store.getState().dispatch({ type: 'select', ids });
  };

  if (widgets.length === 0) return <div className={styles.empty}>{t('designer.layers.empty')}</div>;

  const renderMembers = (widget: Widget) =>
    isGroup(widget)
      ? widget.children.map((child) => (
          <div
            key={child.id}
            className={`${styles.layer} ${styles.layerChild} ${member === child.id && selection.includes(widget.id) ? styles.layerSelected : ''}`}
            data-layer-member={child.id}
            onClick={() => store.getState().editMember(widget.id, child.id)}
          >
            <WidgetIcon type={child.widgetType} />
            <span className={styles.layerName}>{child.widgetName}</span>
          </div>
        ))
      : null;

  return (
    <div className={styles.layers} data-layer-list>
      {[...widgets].reverse().map((widget) => (
        <div key={widget.id}>
          <div
            className={`${styles.layer} ${selection.includes(widget.id) ? styles.layerSelected : ''}`}
            data-layer={widget.id}
            onClick={(event) => handleSelect(event, widget.id)}
          >
            <WidgetIcon type={widget.widgetType} />
            <span className={styles.layerName}>{widget.widgetName}</span>
            {widget.posLock ? <LockOutlined style={{ color: '#fa8c16' }} /> : null}
          </div>
          {renderMembers(widget)}
        </div>
      ))}
    </div>
  );
}
