/** English texts of the designer's preview, tag browser and context menu. */
import type { designerStudioZhCN } from './zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

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
    maps: {
      textMap: 'Value → text (the first rule that holds wins)',
      colorMap: 'Value → colour (the first rule that holds wins)',
      value: 'Value',
      text: 'Text',
      add: 'Add a row',
      remove: 'Remove this row',
      tooMany: 'At most {{max}} rows per map',
      duplicate: 'Row {{row}} repeats the condition of an earlier row',
      noValue: 'Row {{row}} has no value',
      blankText: 'The text of row {{row}} cannot be only spaces',
      notApplied: 'The maps have errors; this change was not kept',
    },
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
  faceplates: {
    title: 'Faceplates',
    save: 'Save as faceplate',
    saveVersion: 'Save as new faceplate version',
    sourceGroup:
      'The selected group becomes a faceplate template; widgets bound to this device’s variables are bound to the device parameter below instead.',
    sourcePage:
      'Nothing selected: the whole page becomes a faceplate template; widgets bound to this device’s variables are bound to the device parameter below instead.',
    sourceInstance:
      'An instance of “{{title}}” is selected: saving makes a new version of the template and updates every instance on the page, each still bound to its own devices.',
    sourceNone: 'Select one group (or nothing, for the whole page) to save it as a faceplate.',
    name: 'Faceplate name',
    parameter: 'Device parameter',
    parameterRule: 'A letter first, then letters, digits or underscores; at most 32 characters',
    nameRequired: 'Enter a faceplate name',
    saved: 'Faceplate “{{title}}” saved (version {{version}})',
    updated: '{{count}} instances updated',
    empty: 'This product has no faceplates yet. Select a group and click “Save as faceplate”.',
    version: 'version {{version}}',
    instances: '{{count}} on this page',
    device: 'Device for {{parameter}}',
    place: 'Place',
    placeHint:
      'Choose a device for each parameter, then place; one faceplate can be placed many times, each bound to another device.',
    update: 'Update instances ({{count}})',
    delete: 'Delete',
    deleteConfirm: 'Delete the faceplate “{{title}}”? Placed instances stay as ordinary groups.',
  },
  trend: {
    preset: {
      live: 'Live',
      '1h': 'Last hour',
      '8h': 'Last 8 hours',
      '24h': 'Last 24 hours',
      '7d': 'Last 7 days',
      custom: 'Custom',
    },
    pens: 'Pens {{count}}/{{total}}',
    pensMax: 'At most {{max}} pens at a time',
    reload: 'Read the history again',
    problem: {
      order: 'The start must come before the end',
      future: 'The start cannot be later than now',
      'too-long': 'A range spans at most 30 days',
    },
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
