/**
 * Binding transform expressions (a formula of `x`, the raw value) are compiled when a page or a
 * faceplate template is saved, with the formula package the runtime evaluates them with. One that
 * does not compile is refused with 2691 naming the widget, the expression and where it goes wrong,
 * and nothing is stored.
 */
import { CatalogueError } from '@lyyp/contracts';
import { compileFormula } from '@lyyp/formula';

interface FoundExpression {
  readonly widget: string;
  readonly field: string;
  readonly expression: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every transform expression under `value`, with the name of the widget holding it. */
function findExpressions(
  value: unknown,
  path: string,
  widget: string,
  found: FoundExpression[],
): FoundExpression[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => findExpressions(item, `${path}.${index}`, widget, found));
    return found;
  }
  if (!isRecord(value)) return found;
  const name =
    typeof value.widgetType === 'string' && typeof value.widgetName === 'string' ? value.widgetName : widget;
  const transform = value.transform;
  if (isRecord(transform) && typeof transform.expression === 'string' && transform.expression.trim() !== '') {
    found.push({ widget: name, field: `${path}.transform.expression`, expression: transform.expression });
  }
  for (const [key, child] of Object.entries(value)) {
    if (child !== null && typeof child === 'object') findExpressions(child, `${path}.${key}`, name, found);
  }
  return found;
}

export function checkBindingExpressions(widgets: readonly unknown[], root = 'widgets'): void {
  for (const { widget, field, expression } of findExpressions(widgets, root, '', [])) {
    const compiled = compileFormula(expression, { variables: ['x'] });
    if (!compiled.ok) {
      throw new CatalogueError('2691', { widget, expression, column: compiled.error.column, field });
    }
  }
}
