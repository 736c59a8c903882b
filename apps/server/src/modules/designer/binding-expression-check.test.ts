import { describe, expect, it } from 'vitest';
import { CatalogueError, translateError } from '@lyyp/contracts';
import { checkBindingExpressions } from './binding-expression-check.ts';
import { rectWidget } from './designer-test-support.ts';

const bound = (expression: string) => ({ type: 'signal', signalId: 'temp', transform: { expression } });

function refusal(widgets: unknown[]): CatalogueError | null {
  try {
    checkBindingExpressions(widgets);
    return null;
  } catch (error) {
    if (error instanceof CatalogueError) return error;
    throw error;
  }
}

describe('binding expression check', () => {
  it('lets expressions of x through, and bindings without one', () => {
    const widgets = [
      { ...rectWidget('a'), binding: bound('x * 0.1 + 2') },
      { ...rectWidget('b'), binding: bound('  ') },
      rectWidget('c'),
    ];
    expect(refusal(widgets)).toBeNull();
  });

  it('refuses an expression that does not compile, naming the widget inside a group, in both languages', () => {
    const group = {
      ...rectWidget('g', 'WidgetGroup'),
      widgetName: '泵面板',
      children: [{ ...rectWidget('t', 'UsualDataText'), widgetName: '出口温度', binding: bound('x * (0.1') }],
    };
    const error = refusal([rectWidget('a'), group]);
    expect(error?.code).toBe('2691');
    expect(error?.params).toMatchObject({
      widget: '出口温度',
      expression: 'x * (0.1',
      field: 'widgets.1.children.0.binding.transform.expression',
    });
    expect(translateError('2691', 'zh-CN', error?.params)).toContain('出口温度');
    expect(translateError('2691', 'en-US', error?.params)).toContain('“x * (0.1” of the widget “出口温度”');
  });

  it('refuses an expression reading another variable than x', () => {
    expect(refusal([{ ...rectWidget('a'), binding: bound('y + 1') }])?.code).toBe('2691');
  });
});
