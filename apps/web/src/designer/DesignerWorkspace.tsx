/**
 * The designer's window: header and toolbar, the palette and layers on the left, the canvas, the
 * property panel on the right; plus the behaviours of the open page (shortcuts, autosave, the
 * warning before leaving with unsaved changes, refusals shown, the local config kept).
 */
import { Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasUnsavedChanges, type RebindCatalogue } from '@lyyp/designer-core';
import { EditorCanvas } from './canvas/EditorCanvas.tsx';
import { FaceplatePanel } from './faceplates/FaceplatePanel.tsx';
import { useDesigner } from './designer-context.ts';
import { LayerList } from './panels/LayerList.tsx';
import { PropertyPanel } from './panels/PropertyPanel.tsx';
import { SymbolLibrary } from './panels/SymbolLibrary.tsx';
import { TagBrowser } from './panels/TagBrowser.tsx';
import { PreviewPanel, type PreviewSource } from './preview/PreviewPanel.tsx';
import { DevicePreview, TypedPreview } from './preview/PreviewStage.tsx';
import { SimulatedValues } from './preview/simulated-values.ts';
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
  const document = useDesigner((state) => state.editor.document);
  const { save, saving } = useSavePage(onReload);
  // Preview runs the page as it is now, without saving or publishing; typed values outlive it.
  const [preview, setPreview] = useState<PreviewSource | null>(null);
  const [simulated] = useState(() => new SimulatedValues());

  useEditorKeyboard(save, catalogue, preview === null);
  useAutosave(save);
  useLeaveGuard(dirty);
  useRejectionMessage();
  useEffect(() => storeDesignerConfig(window.localStorage, config), [config]);

  return (
    <div className={styles.workspace} data-designer>
      <DesignerToolbar
        onBack={onBack}
        onSave={() => save()}
        saving={saving}
        previewing={preview !== null}
        onTogglePreview={() => setPreview(preview ? null : { kind: 'typed' })}
      />
      {preview ? (
        <div className={styles.body} data-preview>
          {preview.kind === 'device' ? (
            <DevicePreview key={preview.device.id} document={document} device={preview.device} />
          ) : (
            <TypedPreview document={document} values={simulated} />
          )}
          <aside className={styles.right}>
            <PreviewPanel source={preview} onSourceChange={setPreview} simulated={simulated} />
          </aside>
        </div>
      ) : (
        <div className={styles.body}>
          <aside className={styles.left}>
            <Tabs
              size="small"
              tabBarGutter={10}
              items={[
                { key: 'palette', label: t('designer.palette.title'), children: <WidgetPalette /> },
                { key: 'library', label: t('designerStudio.library.title'), children: <SymbolLibrary /> },
                { key: 'tags', label: t('designerStudio.tags.title'), children: <TagBrowser /> },
                {
                  key: 'faceplates',
                  label: t('designerStudio.faceplates.title'),
                  children: <FaceplatePanel />,
                },
                { key: 'layers', label: t('designer.layers.title'), children: <LayerList /> },
              ]}
            />
          </aside>
          <EditorCanvas />
          <aside className={styles.right}>
            <PropertyPanel />
          </aside>
        </div>
      )}
    </div>
  );
}
