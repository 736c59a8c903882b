/** Deterministic dependencies for tests that create many widgets. */
import type { DesignerDeps } from '../model/deps.ts';

export function createTestEditorDeps(): DesignerDeps {
  let next = 0;
  return { createId: () => `id${++next}`, now: () => 0 };
}
