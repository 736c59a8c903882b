/**
 * Click scripts (action `script`) are checked for syntax when a page is saved, with the same QuickJS
 * engine that runs them in the viewer, compiled but never run. A script that does not compile is
 * refused with 2687 naming its widget's field, and nothing is stored.
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { CatalogueError } from '@lyyp/contracts';

let loading: Promise<QuickJSWASMModule> | null = null;
const loadQuickJs = () => (loading ??= newQuickJSWASMModuleFromVariant(variant));

interface FoundScript {
  readonly field: string;
  readonly script: string;
}

/** Every click event holding a script: widgets, group members, select items. */
function findScripts(value: unknown, path: string, found: FoundScript[]): FoundScript[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => findScripts(item, `${path}.${index}`, found));
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.action === 'script' && typeof record.script === 'string' && record.script.trim()) {
      found.push({ field: `${path}.script`, script: record.script });
    }
    for (const [key, child] of Object.entries(record)) {
      if (child !== null && typeof child === 'object') findScripts(child, `${path}.${key}`, found);
    }
  }
  return found;
}

function reasonOf(dumped: unknown): string {
  if (dumped && typeof dumped === 'object' && 'message' in dumped) {
    return String(dumped.message).slice(0, 200);
  }
  return String(dumped).slice(0, 200);
}

export async function checkClickScripts(widgets: readonly unknown[]): Promise<void> {
  const scripts = findScripts(widgets, 'widgets', []);
  if (scripts.length === 0) return;
  const quickJs = await loadQuickJs();
  for (const { field, script } of scripts) {
    const context = quickJs.newContext();
    try {
      const result = context.evalCode(script, 'click-script.js', { compileOnly: true });
      if (result.error) {
        const reason = reasonOf(context.dump(result.error));
        result.error.dispose();
        throw new CatalogueError('2687', { reason, field });
      }
      result.value.dispose();
    } finally {
      context.dispose();
    }
  }
}
