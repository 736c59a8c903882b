/**
 * When a property shows in the panel: its own condition from the registry, and the details of a
 * click event only while the event is on (the target page only for page and popup actions).
 */
import type { Widget } from '@lyyp/contracts/designer';
import { getAtPath, type PropertyDescriptor } from '@lyyp/designer-core';

/** Whether a property shows now: its own condition, and event details only while the event is on. */
export function isPropertyVisible(widget: Widget, descriptor: PropertyDescriptor): boolean {
  if (descriptor.visibleWhen) {
    const { key, equals } = descriptor.visibleWhen;
    const current = getAtPath(widget, key);
    const shown = Array.isArray(equals) ? equals.includes(current) : current === equals;
    if (!shown) return false;
  }
  if (
    descriptor.section === 'event' &&
    descriptor.key !== 'event.enable' &&
    getAtPath(widget, 'event.enable') !== true
  ) {
    return false;
  }
  if (descriptor.key === 'event.pageId') {
    const action = getAtPath(widget, 'event.action');
    return action === 'page' || action === 'popup';
  }
  return true;
}
