/**
 * The designer's window: header and toolbar, the palette and layers on the left, the canvas, the
 * property panel on the right; plus the behaviours of the open page (shortcuts, autosave, the
 * warning before leaving with unsaved changes, refusals shown, the local config kept).
 */
import { Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hasUnsavedChanges, type RebindCatalogue } from '@lyyp/designer-core';
import { EditorCanvas } from './canvas/EditorCanvas.tsx';
import { useDesigner } from './designer-context.ts';
import { LayerList } from './panels/LayerList.tsx';
import { PropertyPanel } from './panels/PropertyPanel.tsx';
import { WidgetPalette } from './panels/WidgetPalette.tsx';
import { storeDesignerConfig } from './state/config-storage.ts';
import { DesignerToolbar } from './toolbar/DesignerToolbar.tsx';
import { useAutosave } from './use-autosave.ts';
import { useEditorKeyboard } from './use-editor-keyboard.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useRejectionMessage } from './use-rejection-message.ts';
import { useSavePage } from './use-save-page.ts';
import styles from './designer.module.css';

export interface DesignerWorkspaceProps {
  readonly onBack: () => void;
  readonly onReload: () => void;
  /** The product's signals and reports: widgets pasted from elsewhere are bound to these. */
  readonly catalogue: RebindCatalogue;
}

export function DesignerWorkspace({ onBack, onReload, catalogue }: DesignerWorkspaceProps) {
  const { t } = useTranslation();
  const dirty = useDesigner((state) => hasUnsavedChanges(state.editor));
  const config = useDesigner((state) => state.editor.config);
  const { save, saving } = useSavePage(onReload);

  useEditorKeyboard(save, catalogue);
  useAutosave(save);
  useLeaveGuard(dirty);
  useRejectionMessage();
  useEffect(() => storeDesignerConfig(window.localStorage, config), [config]);

  return (
    <div className={styles.workspace} data-designer>
      <DesignerToolbar onBack={onBack} onSave={() => save()} saving={saving} />
      <div className={styles.body}>
        <aside className={styles.left}>
          <Tabs
            size="small"
            items={[
              { key: 'palette', label: t('designer.palette.title'), children: <WidgetPalette /> },
              { key: 'layers', label: t('designer.layers.title'), children: <LayerList /> },
            ]}
          />
        </aside>
        <EditorCanvas />
        <aside className={styles.right}>
          <PropertyPanel />
        </aside>
      </div>
    </div>
  );
}
