/**
 * The designer's header: the way back, the page's name and save state, the editing toolbar, zoom and
 * view switches, and Save. Every button runs a core command through the store.
 */
import {
  ArrowLeftOutlined,
  BorderOutlined,
  ColumnWidthOutlined,
  CompressOutlined,
  DragOutlined,
  EditOutlined,
  PlayCircleOutlined,
  SaveOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Dropdown, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { hasUnsavedChanges, type DesignerConfig } from '@lyyp/designer-core';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { describeShortcut } from '../state/shortcuts.ts';
import { fitZoom, stepZoom } from '../state/pointer-mapping.ts';
import { isMacPlatform } from '../use-editor-keyboard.ts';
import {
  ALIGN_ACTIONS,
  ALIGN_MENU_ICON,
  CLIPBOARD_ACTIONS,
  GROUP_ACTIONS,
  HISTORY_ACTIONS,
  LOCK_ACTIONS,
  ORDER_ACTIONS,
  ORDER_MENU_ICON,
  shortcutOf,
  TRANSFORM_ACTIONS,
  type ToolbarAction,
} from './toolbar-actions.tsx';
import styles from './toolbar.module.css';

export interface DesignerToolbarProps {
  readonly onBack: () => void;
  readonly onSave: () => void;
  readonly saving: boolean;
  /** The page is running in the preview (editing tools are hidden meanwhile). */
  readonly previewing: boolean;
  readonly onTogglePreview: () => void;
}

function ActionButtons({ actions }: { actions: readonly ToolbarAction[] }) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const editor = useDesigner((state) => state.editor);
  return (
    <>
      {actions.map((toolbarAction) => {
        const shortcut = shortcutOf(toolbarAction);
        const title = `${t(`designer.toolbar.${toolbarAction.text}`)}${shortcut ? ` (${describeShortcut(shortcut, isMacPlatform())})` : ''}`;
        return (
          <Tooltip key={toolbarAction.id} title={title}>
            <Button
              type="text"
              icon={toolbarAction.icon}
              aria-label={t(`designer.toolbar.${toolbarAction.text}`)}
              data-action={toolbarAction.id}
              disabled={!toolbarAction.enabled(editor)}
              onClick={() => store.getState().run(toolbarAction.command)}
            />
          </Tooltip>
        );
      })}
    </>
  );
}

function ActionMenu({
  actions,
  icon,
  text,
}: {
  actions: readonly ToolbarAction[];
  icon: React.ReactNode;
  text: string;
}) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const editor = useDesigner((state) => state.editor);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((toolbarAction) => ({
          key: toolbarAction.id,
          icon: toolbarAction.icon,
          label: <span data-action={toolbarAction.id}>{t(`designer.toolbar.${toolbarAction.text}`)}</span>,
          disabled: !toolbarAction.enabled(editor),
        })),
        onClick: ({ key }) => {
          const chosen = actions.find((toolbarAction) => toolbarAction.id === key);
          if (chosen) store.getState().run(chosen.command);
        },
      }}
    >
      <Tooltip title={t(`designer.toolbar.${text}`)}>
        <Button type="text" icon={icon} data-menu={text} aria-label={t(`designer.toolbar.${text}`)} />
      </Tooltip>
    </Dropdown>
  );
}

const VIEW_SWITCHES: readonly {
  key: keyof DesignerConfig & ('grid' | 'ruler' | 'adsorb');
  icon: React.ReactNode;
}[] = [
  { key: 'grid', icon: <BorderOutlined /> },
  { key: 'ruler', icon: <ColumnWidthOutlined /> },
  { key: 'adsorb', icon: <DragOutlined /> },
];

export function DesignerToolbar({
  onBack,
  onSave,
  saving,
  previewing,
  onTogglePreview,
}: DesignerToolbarProps) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const title = useDesigner((state) => state.editor.document.title);
  const dirty = useDesigner((state) => hasUnsavedChanges(state.editor));
  const lastSavedAt = useDesigner((state) => state.editor.lastSavedAt);
  const zoom = useDesigner((state) => state.zoom);
  const config = useDesigner((state) => state.editor.config);

  const fit = () => {
    const viewport = document.querySelector('[data-designer-viewport]');
    const { width, height } = store.getState().editor.document;
    if (viewport) store.getState().setZoom(fitZoom({ width, height }, viewport.getBoundingClientRect()));
  };

  return (
    <header className={styles.header}>
      <Tooltip title={t('designer.back')}>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('designer.back')} />
      </Tooltip>
      <div className={styles.title}>
        <span className={styles.pageName} data-page-title>
          {title}
        </span>
        {dirty ? (
          <Tag color="orange" data-save-state="dirty">
            {t('designer.save.unsaved')}
          </Tag>
        ) : (
          <Tag color="green" data-save-state="clean">
            {t('designer.save.savedAt', { time: dayjs(lastSavedAt).format('HH:mm:ss') })}
          </Tag>
        )}
      </div>
      <Divider orientation="vertical" />
      <Button
        type={previewing ? 'primary' : 'default'}
        ghost={previewing}
        icon={previewing ? <EditOutlined /> : <PlayCircleOutlined />}
        onClick={onTogglePreview}
        aria-pressed={previewing}
        data-action="preview"
      >
        {previewing ? t('designerStudio.preview.close') : t('designerStudio.preview.open')}
      </Button>
      <Divider orientation="vertical" />
      {previewing ? null : (
        <div className={styles.tools} role="toolbar">
          <ActionButtons actions={HISTORY_ACTIONS} />
          <Divider orientation="vertical" />
          <ActionButtons actions={CLIPBOARD_ACTIONS} />
          <Divider orientation="vertical" />
          <ActionButtons actions={GROUP_ACTIONS} />
          <ActionMenu actions={ALIGN_ACTIONS} icon={ALIGN_MENU_ICON} text="align" />
          <ActionMenu actions={ORDER_ACTIONS} icon={ORDER_MENU_ICON} text="order" />
          <Divider orientation="vertical" />
          <ActionButtons actions={TRANSFORM_ACTIONS} />
          <ActionButtons actions={LOCK_ACTIONS} />
        </div>
      )}
      <div className={styles.spacer} />
      <div className={styles.group}>
        {VIEW_SWITCHES.map((view) => (
          <Tooltip key={view.key} title={t(`designer.toolbar.${view.key}`)}>
            <Button
              type={config[view.key] ? 'link' : 'text'}
              icon={view.icon}
              aria-pressed={config[view.key]}
              data-view-switch={view.key}
              onClick={() =>
                store.getState().dispatch({ type: 'set-config', config: { [view.key]: !config[view.key] } })
              }
            />
          </Tooltip>
        ))}
        <Divider orientation="vertical" />
        <Tooltip title={t('designer.toolbar.zoomOut')}>
          <Button
            type="text"
            icon={<ZoomOutOutlined />}
            onClick={() => store.getState().setZoom(stepZoom(zoom, 'out'))}
          />
        </Tooltip>
        <Button type="text" className={styles.zoom} onClick={() => store.getState().setZoom(1)} data-zoom>
          {Math.round(zoom * 100)}%
        </Button>
        <Tooltip title={t('designer.toolbar.zoomIn')}>
          <Button
            type="text"
            icon={<ZoomInOutlined />}
            onClick={() => store.getState().setZoom(stepZoom(zoom, 'in'))}
          />
        </Tooltip>
        <Tooltip title={t('designer.toolbar.zoomFit')}>
          <Button type="text" icon={<CompressOutlined />} onClick={fit} />
        </Tooltip>
      </div>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={saving}
        onClick={onSave}
        data-action="save"
        className={styles.save}
      >
        {t('designer.save.action')}
      </Button>
    </header>
  );
}
