/**
 * Page settings (§3: size, fit, background, password) and the designer's own settings (§3 local
 * config: autosave and its interval, grid, rulers, snapping), shown while nothing is selected.
 */
import { Input, InputNumber, Select, Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_FIT_MODES, PAGE_MAX_SIDE, PAGE_PASSWORD_MAX_LENGTH } from '@lyyp/contracts/designer';
import type { DesignerConfig, PageSettings } from '@lyyp/designer-core';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { ColourInput } from './BasicEditors.tsx';
import { ImageInput } from './ImageEditor.tsx';
import styles from './panels.module.css';

function Row({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`${styles.propertyRow} ${wide ? styles.propertyWide : ''}`}>
      <span className={styles.propertyLabel}>{label}</span>
      {children}
    </div>
  );
}

function SideInput({
  value,
  onCommit,
  testId,
}: {
  value: number;
  onCommit: (value: number) => void;
  testId: string;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(Math.round(draft));
    else setDraft(value);
  };
  return (
    <InputNumber
      size="small"
      style={{ width: '100%' }}
      min={1}
      max={PAGE_MAX_SIDE}
      value={draft}
      onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
      onBlur={commit}
      onPressEnter={commit}
      data-page-setting={testId}
    />
  );
}

export function PageSettingsPanel() {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const document = useDesigner((state) => state.editor.document);
  const config = useDesigner((state) => state.editor.config);
  const hasPassword = useDesigner((state) => state.hasPassword);
  const update = (settings: PageSettings) => store.getState().run({ name: 'update-page', settings });
  const configure = (change: Partial<DesignerConfig>) =>
    store.getState().dispatch({ type: 'set-config', config: change });

  return (
    <div className={styles.properties} data-page-settings>
      <div className={styles.panelTitle}>{t('designer.panel.page')}</div>
      <Row label={t('designer.page.title')}>
        <span>{document.title}</span>
      </Row>
      <Row label={t('designer.page.width')}>
        <SideInput
          key={`w${document.width}`}
          value={document.width}
          onCommit={(width) => update({ width })}
          testId="width"
        />
      </Row>
      <Row label={t('designer.page.height')}>
        <SideInput
          key={`h${document.height}`}
          value={document.height}
          onCommit={(height) => update({ height })}
          testId="height"
        />
      </Row>
      <Row label={t('designer.page.fit')}>
        <Select
          size="small"
          value={document.fit}
          options={PAGE_FIT_MODES.map((fit) => ({ value: fit, label: t(`designer.page.fitModes.${fit}`) }))}
          onChange={(fit) => update({ fit })}
        />
      </Row>
      <Row label={t('designer.page.bgColor')}>
        <ColourInput value={document.bgColor} onChange={(bgColor) => update({ bgColor })} />
      </Row>
      <Row label={t('designer.page.bgImage')} wide>
        <ImageInput value={document.bgImage} onChange={(bgImage) => update({ bgImage })} />
      </Row>
      <Row label={t('designer.page.checkpwd')}>
        <Switch size="small" checked={document.checkpwd} onChange={(checkpwd) => update({ checkpwd })} />
      </Row>
      {document.checkpwd ? (
        <Row label={t('designer.page.password')}>
          <Input.Password
            key={document.password}
            size="small"
            defaultValue={document.password}
            maxLength={PAGE_PASSWORD_MAX_LENGTH}
            placeholder={hasPassword ? t('designer.page.passwordKept') : t('designer.page.passwordNew')}
            onBlur={(event) =>
              event.target.value !== document.password && update({ password: event.target.value })
            }
            autoComplete="new-password"
          />
        </Row>
      ) : null}

      <div className={styles.panelTitle}>{t('designer.panel.editor')}</div>
      <Row label={t('designer.config.autoSave')}>
        <Switch size="small" checked={config.autoSave} onChange={(autoSave) => configure({ autoSave })} />
      </Row>
      {config.autoSave ? (
        <Row label={t('designer.config.saveInterval')}>
          <InputNumber
            size="small"
            min={1}
            max={120}
            value={config.saveInterval}
            onChange={(saveInterval) => typeof saveInterval === 'number' && configure({ saveInterval })}
          />
        </Row>
      ) : null}
      <Row label={t('designer.config.grid')}>
        <Switch size="small" checked={config.grid} onChange={(grid) => configure({ grid })} />
      </Row>
      <Row label={t('designer.config.ruler')}>
        <Switch size="small" checked={config.ruler} onChange={(ruler) => configure({ ruler })} />
      </Row>
      <Row label={t('designer.config.adsorb')}>
        <Switch size="small" checked={config.adsorb} onChange={(adsorb) => configure({ adsorb })} />
      </Row>
    </div>
  );
}
