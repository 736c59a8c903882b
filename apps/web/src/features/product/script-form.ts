/**
 * The script form as data: what the inputs hold, which inputs a policy needs, and the script the
 * API receives (inputs the policy does not use are left out, so the contract's defaults apply).
 */
import type { Script, ScriptFrequency, ScriptInput, ScriptPolicy } from '@lyyp/contracts/device-model';

export interface ScriptFormValues {
  key?: string;
  name?: string;
  enabled?: boolean;
  policy?: ScriptPolicy;
  intervalSeconds?: number | null;
  frequency?: ScriptFrequency;
  condition?: string;
  watch?: string[];
  code?: string;
}

export type ScriptField = keyof ScriptFormValues;

/** The inputs the policy uses, besides key, name, enabled, policy and code. */
export function listPolicyFields(values: ScriptFormValues): Set<ScriptField> {
  const fields = new Set<ScriptField>();
  switch (values.policy ?? 'periodic') {
    case 'startup':
      break;
    case 'periodic':
      fields.add('intervalSeconds');
      break;
    case 'condition':
      fields.add('condition');
      fields.add('frequency');
      if (values.frequency === 'repeat') fields.add('intervalSeconds');
      break;
    case 'data-change':
      fields.add('watch');
      break;
  }
  return fields;
}

const STARTER_CODE = "// read('key') · write('key', value) · log('text') · now()\n";

export function createScriptValues(): ScriptFormValues {
  return {
    enabled: true,
    policy: 'periodic',
    intervalSeconds: 60,
    frequency: 'once',
    watch: [],
    code: STARTER_CODE,
  };
}

export function toScriptFormValues(script: Script): ScriptFormValues {
  return { ...script, watch: [...script.watch] };
}

export function toScriptInput(values: ScriptFormValues): ScriptInput {
  const used = listPolicyFields(values);
  const input: ScriptInput = {
    key: values.key?.trim() ?? '',
    name: values.name ?? '',
    enabled: values.enabled ?? true,
    policy: values.policy ?? 'periodic',
    code: values.code ?? '',
  };
  if (used.has('intervalSeconds') && typeof values.intervalSeconds === 'number')
    input.intervalSeconds = values.intervalSeconds;
  if (used.has('frequency') && values.frequency) input.frequency = values.frequency;
  if (used.has('condition') && values.condition?.trim()) input.condition = values.condition.trim();
  if (used.has('watch')) input.watch = [...(values.watch ?? [])];
  return input;
}
