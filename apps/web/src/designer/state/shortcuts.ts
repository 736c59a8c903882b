/**
 * Keyboard shortcuts of the editor. The command shortcuts come from the core's EDITOR_COMMANDS (one
 * table, like Excalidraw's actions); the editor adds its own: arrows nudge (Shift: ten units),
 * Escape cancels, Mod+S saves, Mod+= / Mod+- / Mod+0 zoom, Mod+D duplicates, Mod+] / Mod+[ move one
 * layer up or down (with Shift: to the front or back), R / Shift+R turn a quarter clockwise or
 * anticlockwise. `Mod` is ⌘ on a Mac and Ctrl elsewhere.
 */
import { EDITOR_COMMANDS, type CommandName, type EditorCommand } from '@lyyp/designer-core';

/** Commands that take no arguments: the only ones a bare key can run. */
export const KEYBOARD_COMMANDS = [
  'delete',
  'group',
  'ungroup',
  'lock',
  'unlock',
  'copy',
  'cut',
  'paste',
  'undo',
  'redo',
  'select-all',
] as const satisfies readonly CommandName[];

export type ShortcutAction =
  | { readonly kind: 'command'; readonly command: EditorCommand }
  | { readonly kind: 'save' }
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'cancel' }
  | { readonly kind: 'zoom'; readonly to: 'in' | 'out' | 'reset' };

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

interface Chord {
  readonly key: string;
  readonly mod: boolean;
  readonly shift: boolean;
}

export function parseChord(shortcut: string): Chord {
  const parts = shortcut.split('+');
  const key = (parts.pop() ?? '').toLowerCase();
  return { key, mod: parts.includes('Mod'), shift: parts.includes('Shift') };
}

function matches(chord: Chord, press: KeyPress, isMac: boolean): boolean {
  const mod = isMac ? press.metaKey : press.ctrlKey;
  return (
    press.key.toLowerCase() === chord.key &&
    mod === chord.mod &&
    press.shiftKey === chord.shift &&
    !press.altKey
  );
}

const COMMAND_CHORDS = KEYBOARD_COMMANDS.flatMap((name) =>
  EDITOR_COMMANDS[name].shortcuts.map((shortcut) => ({ chord: parseChord(shortcut), name })),
);

const EDITOR_CHORDS: readonly { chord: Chord; action: ShortcutAction }[] = [
  { chord: parseChord('Mod+S'), action: { kind: 'save' } },
  { chord: parseChord('Escape'), action: { kind: 'cancel' } },
  { chord: parseChord('Mod+='), action: { kind: 'zoom', to: 'in' } },
  { chord: parseChord('Mod+Shift++'), action: { kind: 'zoom', to: 'in' } },
  { chord: parseChord('Mod+-'), action: { kind: 'zoom', to: 'out' } },
  { chord: parseChord('Mod+0'), action: { kind: 'zoom', to: 'reset' } },
  { chord: parseChord('Mod+D'), action: { kind: 'duplicate' } },
  { chord: parseChord('Mod+]'), action: { kind: 'command', command: { name: 'order', move: 'forward' } } },
  { chord: parseChord('Mod+['), action: { kind: 'command', command: { name: 'order', move: 'backward' } } },
  // Shift turns the brackets into braces on most layouts.
  ...(['Mod+Shift+]', 'Mod+Shift+}'] as const).map((shortcut) => ({
    chord: parseChord(shortcut),
    action: { kind: 'command', command: { name: 'order', move: 'front' } } as const,
  })),
  ...(['Mod+Shift+[', 'Mod+Shift+{'] as const).map((shortcut) => ({
    chord: parseChord(shortcut),
    action: { kind: 'command', command: { name: 'order', move: 'back' } } as const,
  })),
  {
    chord: parseChord('R'),
    action: { kind: 'command', command: { name: 'rotate', direction: 'clockwise' } },
  },
  {
    chord: parseChord('Shift+R'),
    action: { kind: 'command', command: { name: 'rotate', direction: 'anticlockwise' } },
  },
];

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Shift-arrows move this far instead of one unit. */
export const NUDGE_LARGE = 10;

export function findShortcut(press: KeyPress, isMac: boolean): ShortcutAction | null {
  const arrow = ARROWS[press.key];
  if (arrow && !press.ctrlKey && !press.metaKey && !press.altKey) {
    const step = press.shiftKey ? NUDGE_LARGE : 1;
    return { kind: 'command', command: { name: 'nudge', dx: arrow[0] * step, dy: arrow[1] * step } };
  }
  const editor = EDITOR_CHORDS.find((entry) => matches(entry.chord, press, isMac));
  if (editor) return editor.action;
  const command = COMMAND_CHORDS.find((entry) => matches(entry.chord, press, isMac));
  return command ? { kind: 'command', command: { name: command.name } } : null;
}

/** The shortcut as shown in a tooltip: `Ctrl+Shift+G` (or `⌘⇧G` on a Mac). */
export function describeShortcut(shortcut: string, isMac: boolean): string {
  if (!isMac) return shortcut.replace('Mod', 'Ctrl');
  return shortcut.replace('Mod+', '⌘').replace('Shift+', '⇧');
}

/** Keys typed into a field belong to the field, not to the canvas. */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean } | null): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  return target.isContentEditable === true || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
