/**
 * The property panel, generated from the registry's property descriptors (like n8n's node
 * descriptions): one editor per property kind, grouped by section, shown while its condition holds.
 * Nothing selected shows the page settings; several selected shows what the toolbar can do.
 */
import { Button, Collapse, Empty, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@lyyp/contracts/designer';
import {
  findInTree,
  getAtPath,
  getWidgetDefinition,
  groupHolding,
  pickWidgets,
  type PropertyDescriptor,
  type PropertyKind,
  type PropertySection,
} from '@lyyp/designer-core';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import {
  BooleanEditor,
  ColourEditor,
  NumberEditor,
  PermissionsEditor,
  SelectEditor,
  TextAreaEditor,
  TextEditor,
  type PropertyEditorProps,
} from './BasicEditors.tsx';
import { BindingPicker } from './BindingPicker.tsx';
import { EquipsEditor } from './EquipsEditor.tsx';
import { ImageInput } from './ImageEditor.tsx';
import { ColoursEditor, ItemsEditor, PointsEditor } from './ListEditors.tsx';
import { PagePicker } from './PagePicker.tsx';
import { PageSettingsPanel } from './PageSettingsPanel.tsx';
import { ReportPicker } from './ReportPicker.tsx';
import { SceneModelEditor, SceneSignalsEditor } from './SceneEditors.tsx';
import { SeriesEditor } from './SeriesEditor.tsx';
import { SymbolPartsEditor } from './SymbolPartsEditor.tsx';
import { isPropertyVisible } from './property-visibility.ts';
import styles from './panels.module.css';

const SignalEditor = ({ descriptor, value, onChange }: PropertyEditorProps) => (
  <BindingPicker
    value={value as Parameters<typeof BindingPicker>[0]['value']}
    onChange={onChange}
    writableOnly={descriptor.section === 'event'}
    testId={descriptor.key}
  />
);

const PROPERTY_EDITORS: Readonly<Record<PropertyKind, ComponentType<PropertyEditorProps>>> = {
  number: NumberEditor,
  text: TextEditor,
  textarea: TextAreaEditor,
  script: TextAreaEditor,
  color: ColourEditor,
  colors: ColoursEditor,
  select: SelectEditor,
  boolean: BooleanEditor,
  signal: SignalEditor,
  image: ({ value, onChange }) => (
    <ImageInput value={typeof value === 'string' ? value : ''} onChange={onChange} />
  ),
  page: ({ value, onChange }) => (
    <PagePicker value={typeof value === 'string' ? value : ''} onChange={onChange} />
  ),
  items: ItemsEditor,
  points: PointsEditor,
  permissions: PermissionsEditor,
  series: SeriesEditor,
  report: ReportPicker,
  scene: SceneModelEditor,
  'scene-signals': SceneSignalsEditor,
  equips: EquipsEditor,
};

/** Kinds that take the whole row width (lists and pickers with previews). */
const WIDE_KINDS: ReadonlySet<PropertyKind> = new Set([
  'colors',
  'series',
  'scene',
  'scene-signals',
  'items',
  'points',
  'image',
  'textarea',
  'script',
]);

/** Sections open when a widget is selected; its click event too while the event is on (buttons). */
const OPEN_SECTIONS: readonly PropertySection[] = ['position', 'style', 'data', 'binding', 'event'];

const SECTIONS: readonly PropertySection[] = [
  'position',
  'style',
  'data',
  'binding',
  'event',
  'animation',
  'access',
];

function PropertyRow({ widget, descriptor }: { widget: Widget; descriptor: PropertyDescriptor }) {
  const store = useDesignerStore();
  const { label } = useDesignerLocale();
  const Editor = PROPERTY_EDITORS[descriptor.kind];
  const value = getAtPath(widget, descriptor.key);
  const handleChange = (next: unknown) =>
    store.getState().run({ name: 'set-property', id: widget.id, key: descriptor.key, value: next });
  const wide = WIDE_KINDS.has(descriptor.kind);
  return (
    <div
      className={`${styles.propertyRow} ${wide ? styles.propertyWide : ''}`}
      data-property-row={descriptor.key}
    >
      <span className={styles.propertyLabel} title={label(descriptor.label)}>
        {label(descriptor.label)}
      </span>
      {/* Keyed by the value so a drafted field shows undo, redo and other edits of the same property. */}
      <Editor
        key={`${widget.id}:${JSON.stringify(value)}`}
        descriptor={descriptor}
        value={value}
        onChange={handleChange}
        widget={widget}
      />
    </div>
  );
}

/** A member's box is held by its group: its position is not edited on its own. */
const MEMBER_SECTIONS = SECTIONS.filter((section) => section !== 'position');

function WidgetProperties({ widget, group }: { widget: Widget; group?: Widget }) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const definition = getWidgetDefinition(widget.widgetType);
  const visible = definition.properties.filter((descriptor) => isPropertyVisible(widget, descriptor));
  const sections = (group ? MEMBER_SECTIONS : SECTIONS).filter((section) =>
    visible.some((descriptor) => descriptor.section === section),
  );
  return (
    <div className={styles.properties} data-property-panel={widget.widgetType}>
      {group ? (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          data-action="back-to-group"
          onClick={() => store.getState().editMember(group.id, null)}
        >
          ← {t('designer.panel.backToGroup', { name: group.widgetName })}
        </Button>
      ) : null}
      <div className={styles.panelTitle}>{widget.widgetName}</div>
      {widget.widgetType === 'WidgetGroup' ? (
        <Typography.Paragraph type="secondary">{t('designer.panel.groupHint')}</Typography.Paragraph>
      ) : null}
      <Collapse
        size="small"
        bordered={false}
        defaultActiveKey={[
          'parts',
          ...OPEN_SECTIONS.filter(
            (section) => section !== 'event' || getAtPath(widget, 'event.enable') === true,
          ),
        ]}
        items={[
          ...(widget.widgetType === 'ShapeSymbol'
            ? [
                {
                  key: 'parts',
                  label: t('designerStudio.parts.title'),
                  children: <SymbolPartsEditor widget={widget} />,
                },
              ]
            : []),
          ...sections.map((section) => ({
            key: section,
            label: t(`designer.panel.sections.${section}`),
            children: visible
              .filter((descriptor) => descriptor.section === section)
              .map((descriptor) => (
                <PropertyRow key={descriptor.key} widget={widget} descriptor={descriptor} />
              )),
          })),
        ]}
      />
    </div>
  );
}

export function PropertyPanel() {
  const { t } = useTranslation();
  const document = useDesigner((state) => state.editor.document);
  const selection = useDesigner((state) => state.editor.selection);
  const member = useDesigner((state) => state.member);
  const selected = pickWidgets(document, selection);
  if (selected.length === 0) return <PageSettingsPanel />;
  const [only] = selected;
  // A member chosen in the layer list, while its group is the one selected widget.
  const editing = member && only && selected.length === 1 ? findInTree(document.widgets, member) : undefined;
  if (editing && only && groupHolding(document.widgets, editing.id)?.id === only.id) {
    return <WidgetProperties key={editing.id} widget={editing} group={only} />;
  }
  if (selected.length === 1 && only) return <WidgetProperties key={only.id} widget={only} />;
  return (
    <Empty
      style={{ marginTop: 48 }}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{t('designer.panel.multiple', { count: selected.length })}</div>
          <Typography.Text type="secondary">{t('designer.panel.multipleHint')}</Typography.Text>
        </>
      }
    />
  );
}
