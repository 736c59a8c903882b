/** English texts of the computed variable, formula and edge script screens; the type makes every Chinese key required here. */
import type { edgeLogicZhCN } from './zh-CN.ts';
import type { Texts } from '../texts.ts';

export const edgeLogicEnUS: Texts<typeof edgeLogicZhCN> = {
  fields: {
    key: 'Key',
    name: 'Name',
    formula: 'Formula',
    policy: 'Execution policy',
    intervalSeconds: 'Interval (s)',
    frequency: 'Frequency',
    condition: 'Condition',
    watch: 'Watched variables',
    code: 'Script code',
    enabled: 'Enabled',
  },
  formula: {
    title: 'Computed variables',
    intro:
      'The gateway computes intermediate and summary variables with their formulas in every poll cycle (also while offline); it keeps internal variables, which scripts and writes change. The list is in the order the gateway computes them.',
    empty:
      'No computed variables yet. On the Variables tab, add a variable of type Intermediate or Summary with a formula and it appears here.',
    order: 'Order',
    kind: 'Type',
    reads: 'Reads',
    usedBy: 'Used by',
    none: '—',
    edit: 'Edit formula',
    dialogTitle: 'Formula of {{name}}',
    availableVariables: 'Variables (click to insert)',
    summaryHint: 'A summary may read its own key, its previous value, e.g. max({{key}}, pressure).',
    cycleHint:
      'A formula may not read itself directly or through others; an error points at where the cycle closes.',
  },
  kinds: {
    device: 'Device',
    intermediate: 'Intermediate',
    internal: 'Internal',
    summary: 'Summary',
  },
  script: {
    title: 'Edge scripts',
    intro:
      'Scripts run on the gateway in a sandbox (QuickJS): at most {{ms}} ms of CPU time and {{kb}} KB of memory per run, no files or network; they read and write only this device’s variables and can log.',
    capacity: 'Scripts {{used}}/{{total}}',
    add: 'Add script',
    empty:
      'No scripts yet. Add one with “Add script”, for example to add up run hours every 10 s, or to switch equipment off in order when a condition holds.',
    trigger: 'Runs',
    everySeconds: 'every {{seconds}} s',
    onceWhen: 'when {{condition}} becomes true',
    repeatWhile: 'every {{seconds}} s while {{condition}}',
    onChange: 'when {{keys}} changes',
    atStartup: 'once when the configuration starts',
    deleteTitle: 'Delete the script “{{name}}”?',
    dialogAdd: 'Add script',
    dialogEdit: 'Edit script {{name}}',
    apiHelp:
      'Functions: read(key) reads a value; write(key, value) writes a variable (device variables are written and confirmed one after the other once the run ends; internal variables change at once); log(...) logs; now() is the time in ms.',
    watchPlaceholder: 'Choose one or more variables',
  },
  policies: {
    startup: 'At startup',
    periodic: 'Periodic',
    condition: 'On condition',
    'data-change': 'On data change',
  },
  frequencies: {
    once: 'Once each time it becomes true',
    repeat: 'Repeat at the interval while it holds',
  },
  status: {
    title: 'Scripts',
    empty: 'The device’s product has no scripts. Developers add them on the product’s Formulas tab.',
    notReported: 'Not reported by the gateway yet',
    lastRun: 'Last run',
    duration: 'Duration',
    result: 'Result',
    ok: 'Succeeded',
    failed: 'Failed',
    pausedShort: 'Paused',
    paused:
      'Paused: it overran its limits several runs in a row; it runs again when its configuration starts again',
    lastError: 'Last error',
    runs: 'Runs / failures',
    log: 'Last log',
    disabled: 'Switched off',
    reportedAt: 'Reported {{time}}',
  },
};
