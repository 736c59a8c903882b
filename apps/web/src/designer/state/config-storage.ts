/**
 * The designer's local config (§3: autoSave, saveInterval, grid, ruler, adsorb) in the browser's
 * local storage. A blocked or broken store never stops the editor: it falls back to the defaults.
 */
import { readDesignerConfig, type DesignerConfig } from '@lyyp/designer-core';

export const DESIGNER_CONFIG_STORAGE_KEY = 'lyyp.designer.config';

type ConfigStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function loadDesignerConfig(storage: ConfigStorage | undefined): DesignerConfig {
  try {
    const raw = storage?.getItem(DESIGNER_CONFIG_STORAGE_KEY);
    return readDesignerConfig(raw ? (JSON.parse(raw) as unknown) : null);
  } catch {
    return readDesignerConfig(null);
  }
}

export function storeDesignerConfig(storage: ConfigStorage | undefined, config: DesignerConfig): void {
  try {
    storage?.setItem(DESIGNER_CONFIG_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Without storage the settings last until the page is closed.
  }
}
