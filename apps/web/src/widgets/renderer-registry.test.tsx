import '../app/i18n.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LeafWidgetType } from '@lyyp/contracts/designer';
import { createSequentialDeps, createWidget, listWidgetDefinitions, TestEditor } from '@lyyp/designer-core';
import { createDesignRuntime, type WidgetRuntime } from './render-context.ts';
import { WIDGET_RENDERERS } from './renderer-registry.tsx';
import { WidgetView } from './WidgetView.tsx';

const leafDefinitions = listWidgetDefinitions().filter((definition) => definition.type !== 'WidgetGroup');
const implemented = leafDefinitions.filter((definition) => definition.implemented);
const notBuilt = leafDefinitions.filter((definition) => !definition.implemented);

function render(type: LeafWidgetType, runtime: WidgetRuntime = createDesignRuntime('en-US')): string {
  const widget = createWidget(type, { x: 10, y: 20, width: 200, height: 120 }, createSequentialDeps());
  return renderToStaticMarkup(<WidgetView widget={widget} runtime={runtime} />);
}

describe('widget renderers', () => {
  it('has a renderer for every widget type the designer calls built, and for no other', () => {
    expect(implemented.length).toBeGreaterThan(20);
    expect(Object.keys(WIDGET_RENDERERS).sort()).toEqual(
      implemented.map((definition) => definition.type).sort(),
    );
  });

  it.each(implemented.map((definition) => definition.type))('draws %s without the placeholder', (type) => {
    const markup = render(type);
    expect(markup).toContain(`data-widget-type="${type}"`);
    expect(markup).not.toContain('data-placeholder');
  });

  it.each(notBuilt.map((definition) => definition.type))('marks %s as not built yet', (type) => {
    const markup = render(type);
    expect(markup).toContain(`data-placeholder="${type}"`);
    expect(markup).toContain('Not built yet');
  });

  it('places each widget in an absolutely positioned box at its page position', () => {
    expect(render('ShapeRect')).toMatch(/left:10px;top:20px;width:200px;height:120px/);
  });

  it('draws a group as its members, where the group puts them', () => {
    const editor = new TestEditor()
      .drop('ShapeRect', 200, 200)
      .drop('UsualText', 400, 200)
      .run({ name: 'select-all' })
      .run({ name: 'group' })
      .run({ name: 'nudge', dx: 10, dy: 0 });
    const [group] = editor.widgets;
    if (!group) throw new Error('no group');
    const markup = renderToStaticMarkup(<WidgetView widget={group} runtime={createDesignRuntime('zh-CN')} />);
    expect(markup).toContain('data-widget-type="ShapeRect"');
    expect(markup).toContain('data-widget-type="UsualText"');
    expect(markup).toContain('left:150px');
  });

  it('shows the live value of a bound data text in run mode, and hides widgets whose show rule fails', () => {
    const deps = createSequentialDeps();
    const text = createWidget('UsualDataText', { x: 0, y: 0, width: 100, height: 30 }, deps);
    const bound = {
      ...text,
      binding: { ...text.binding, signalId: 'temperature', title: 'Temperature' },
      data: { unit: '℃', decimals: 1 },
    };
    const runtime: WidgetRuntime = {
      ...createDesignRuntime('en-US'),
      mode: 'run',
      read: (binding) => (binding.signalId === 'temperature' ? 21.26 : undefined),
    };
    expect(renderToStaticMarkup(<WidgetView widget={bound} runtime={runtime} />)).toContain('21.3 ℃');
    const hidden = {
      ...bound,
      animation: {
        ...bound.animation,
        visiable: { ...bound.animation.visiable, enable: true, binding: bound.binding, value: 99 },
      },
    };
    expect(renderToStaticMarkup(<WidgetView widget={hidden} runtime={runtime} />)).toBe('');
  });
});
