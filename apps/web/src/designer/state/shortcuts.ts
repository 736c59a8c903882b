/**
 * Keyboard shortcuts of the editor. The command shortcuts come from the core's EDITOR_COMMANDS (one
 * table, like Excalidraw's actions: Mod+D duplicates …) and the keys with arguments from its
 * `EDITOR_KEY_BINDINGS` (arrows nudge, Shift: ten units; Mod+] / Mod+[ move a layer, with Shift to
 * the front or back; R / Shift+R turn a quarter); the editor adds its own: Escape cancels, Mod+S
 * saves, Mod+= / Mod+- / Mod+0 zoom. `Mod` is ⌘ on a Mac and Ctrl elsewhere.
 */
import {
  EDITOR_COMMANDS,
  EDITOR_KEY_BINDINGS,
  keyName,
  type CommandName,
  type EditorCommand,
} from '@lyyp/designer-core';

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
  'duplicate',
] as const satisfies readonly CommandName[];

export type ShortcutAction =
  | { readonly kind: 'command'; readonly command: EditorCommand }
  | { readonly kind: 'save' }
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
];

export function findShortcut(press: KeyPress, isMac: boolean): ShortcutAction | null {
  const editor = EDITOR_CHORDS.find((entry) => matches(entry.chord, press, isMac));
  if (editor) return editor.action;
  const command = COMMAND_CHORDS.find((entry) => matches(entry.chord, press, isMac));
  if (command) return { kind: 'command', command: { name: command.name } };
  // Keys with arguments (arrows nudge, brackets order, R turns) from the core's own table.
  const bound = EDITOR_KEY_BINDINGS.find((binding) => binding.keys.includes(keyName(press)));
  return bound ? { kind: 'command', command: bound.command } : null;
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
