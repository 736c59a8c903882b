/**
 * Keys of the canvas that run a command with arguments (commands without arguments list their
 * own shortcuts in EDITOR_COMMANDS): arrow keys nudge by 1 unit (10 with Shift), brackets change
 * the stacking order, R turns a quarter. Keys are written as `Mod+Shift+ArrowLeft` (`Mod` is Ctrl,
 * or ⌘ on a Mac), modifiers in the order Mod, Alt, Shift.
 */
import { EDITOR_COMMANDS, type EditorCommand } from './commands.ts';

export const NUDGE_STEP = 1;
export const NUDGE_STEP_LARGE = 10;

export interface KeyBinding {
  readonly keys: readonly string[];
  readonly command: EditorCommand;
}

const nudge = (key: string, dx: number, dy: number): KeyBinding[] => [
  { keys: [key], command: { name: 'nudge', dx: dx * NUDGE_STEP, dy: dy * NUDGE_STEP } },
  {
    keys: [`Shift+${key}`],
    command: { name: 'nudge', dx: dx * NUDGE_STEP_LARGE, dy: dy * NUDGE_STEP_LARGE },
  },
];

export const EDITOR_KEY_BINDINGS: readonly KeyBinding[] = [
  ...nudge('ArrowLeft', -1, 0),
  ...nudge('ArrowRight', 1, 0),
  ...nudge('ArrowUp', 0, -1),
  ...nudge('ArrowDown', 0, 1),
  { keys: ['Mod+]'], command: { name: 'order', move: 'forward' } },
  { keys: ['Mod+['], command: { name: 'order', move: 'backward' } },
  { keys: ['Mod+Shift+]'], command: { name: 'order', move: 'front' } },
  { keys: ['Mod+Shift+['], command: { name: 'order', move: 'back' } },
  { keys: ['R'], command: { name: 'rotate', direction: 'clockwise' } },
  { keys: ['Shift+R'], command: { name: 'rotate', direction: 'anticlockwise' } },
];

export interface KeyPress {
  /** `KeyboardEvent.key`. */
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
  readonly shiftKey?: boolean;
}

/** The key press as bindings write it: `Mod+Shift+]`, `ArrowLeft`, `R`. */
export function keyName(press: KeyPress): string {
  const key = press.key.length === 1 ? press.key.toUpperCase() : press.key;
  // Shift turns `]` into `}` and `[` into `{` on most layouts.
  const base = key === '}' ? ']' : key === '{' ? '[' : key;
  return [
    press.ctrlKey || press.metaKey ? 'Mod' : null,
    press.altKey ? 'Alt' : null,
    press.shiftKey ? 'Shift' : null,
    base,
  ]
    .filter((part): part is string => part !== null)
    .join('+');
}

/** The command a key press runs on the canvas, or null. */
export function commandForKey(press: KeyPress): EditorCommand | null {
  const name = keyName(press);
  const bound = EDITOR_KEY_BINDINGS.find((binding) => binding.keys.includes(name));
  if (bound) return bound.command;
  for (const [commandName, definition] of Object.entries(EDITOR_COMMANDS)) {
    if (definition.shortcuts.some((shortcut) => shortcut.toUpperCase() === name.toUpperCase())) {
      return { name: commandName } as EditorCommand;
    }
  }
  return null;
}
