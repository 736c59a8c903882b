import { describe, expect, it } from 'vitest';
import { createSequentialDeps, createWidget, getWidgetDefinition } from '@lyyp/designer-core';
import { isPropertyVisible } from './property-visibility.ts';
import { toRuleValue, nextItemId } from './value-input.ts';

const visibleKeys = (widget: Parameters<typeof isPropertyVisible>[0]) =>
  getWidgetDefinition(widget.widgetType)
    .properties.filter((descriptor) => isPropertyVisible(widget, descriptor))
    .map((descriptor) => descriptor.key);

describe('property panel', () => {
  const button = createWidget('UsualButton', { x: 0, y: 0, width: 100, height: 40 }, createSequentialDeps());

  it('shows the write details of an enabled click event and hides the page picker', () => {
    const keys = visibleKeys(button);
    expect(keys).toEqual(expect.arrayContaining(['event.enable', 'event.binding', 'event.writeValue']));
    expect(keys).not.toContain('event.pageId');
    expect(keys).not.toContain('event.link');
  });

  it('shows the page picker for page and popup actions, and only the switch while the event is off', () => {
    expect(visibleKeys({ ...button, event: { ...button.event, action: 'popup' } })).toEqual(
      expect.arrayContaining(['event.pageId', 'event.window.width']),
    );
    const off = visibleKeys({ ...button, event: { ...button.event, enable: false } });
    expect(off.filter((key) => key.startsWith('event.'))).toEqual(['event.enable']);
  });

  it('shows an animation rule’s settings only while the rule is on', () => {
    const keys = visibleKeys(button);
    expect(keys).toContain('animation.twinkle.enable');
    expect(keys).not.toContain('animation.twinkle.binding');
  });

  it('reads typed rule values as numbers where they are numbers and numbers new list items', () => {
    expect(toRuleValue('12')).toBe(12);
    expect(toRuleValue('on')).toBe('on');
    expect(toRuleValue(' ')).toBe(' ');
    expect(nextItemId(['1', '2'])).toBe('3');
    expect(nextItemId([])).toBe('1');
  });
});
