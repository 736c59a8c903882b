/** English texts of the designer's preview, tag browser and context menu. */
import type { designerStudioZhCN } from './zh-CN.ts';
import type { Texts } from '../texts.ts';

export const designerStudioEnUS: Texts<typeof designerStudioZhCN> = {
  preview: {
    open: 'Preview',
    close: 'Back to editing',
    title: 'Preview',
    source: 'Values from',
    typed: 'Values typed here',
    typedHint:
      'Type values for the variables below and the page runs on them at once; writes from the page change only these values.',
    deviceHint:
      'The page runs on this device’s live values; writes go as on the monitoring site, with write permission and confirmation.',
    opensPage: 'At run time this opens the page “{{title}}”',
    status: {
      online: 'online',
      offline: 'offline',
      dormant: 'dormant',
      'power-off': 'powered off',
    },
  },
  library: {
    title: 'Symbols',
    search: 'Search symbols (Chinese or English name)',
    count: '{{count}} symbols',
    empty: 'No symbol matches',
  },
  parts: {
    title: 'Part bindings',
    fillColor: 'State colour',
    level: 'Level',
    rotate: 'Turning',
    visiable: 'Shown while',
    range: 'Level range (min / max)',
  },
  transform: {
    title: 'Value transform',
    expression: 'Expression (x is the raw value; used instead of scale and offset)',
    scale: 'Scale',
    offset: 'Offset',
    decimals: 'Decimals',
    unit: 'Unit',
    hint: 'The transformed value is shown and compared by the animation rules.',
  },
  tags: {
    title: 'Tags',
    search: 'Search by name or key',
    hint: 'Drag a variable onto the canvas for a widget already bound to it; drop it on a widget to bind that widget.',
    empty: 'No variable matches',
    group: {
      device: 'Device variables',
      intermediate: 'Intermediate variables',
      system: 'System keys',
    },
    writable: 'writable',
    bound: '“{{name}}” is now bound to “{{widget}}”',
    notBindable: 'This widget has no value to bind',
  },
  itemScript: {
    hint: 'The script may read the page’s values and ask for writes; they are confirmed with the text below first.',
    confirm: 'Confirmation text (empty: no confirmation)',
  },
  menu: {
    copy: 'Copy',
    paste: 'Paste',
    duplicate: 'Duplicate',
    delete: 'Delete',
    top: 'Bring to front',
    up: 'Bring forward',
    down: 'Send backward',
    bottom: 'Send to back',
    lock: 'Lock',
    unlock: 'Unlock',
    group: 'Group',
    ungroup: 'Ungroup',
  },
};
