// @vitest-environment jsdom
import '../app/i18n.ts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeafWidget } from '@lyyp/contracts/designer';
import { createEmptyBinding, createSequentialDeps, createWidget } from '@lyyp/designer-core';
import { PageValueStore } from '../features/runtime/page-value-store.ts';
import { createDesignRuntime, type WidgetRendererProps, type WidgetRuntime } from './render-context.ts';
import { PageCanvas } from './PageCanvas.tsx';
import type * as Registry from './renderer-registry.tsx';
import { WidgetValueTracker } from './use-widget-values.ts';

// Counts how often each widget's body is drawn, around the real renderers.
const drawn = new Map<string, number>();
vi.mock('./renderer-registry.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>();
  return {
    ...original,
    renderWidgetContent: (props: WidgetRendererProps) => {
      drawn.set(props.widget.id, (drawn.get(props.widget.id) ?? 0) + 1);
      return original.renderWidgetContent(props);
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const deps = createSequentialDeps('values');

function dataText(id: string, signalId: string, y: number): LeafWidget {
  const widget = createWidget('UsualDataText', { x: 0, y, width: 100, height: 30 }, deps);
  return {
    ...widget,
    id,
    binding: { ...widget.binding, signalId, title: signalId },
    data: { unit: '', decimals: 1 },
  } as LeafWidget;
}

/** A data text shown only while `rule` equals 1 (its show rule, not its own binding). */
function shownWhen(id: string, signalId: string, rule: string): LeafWidget {
  const widget = dataText(id, signalId, 90);
  return {
    ...widget,
    animation: {
      ...widget.animation,
      visiable: {
        ...widget.animation.visiable,
        enable: true,
        binding: { ...widget.binding, signalId: rule },
        symbol: '==',
        value: 1,
      },
    },
  };
}

let root: Root;
let host: HTMLDivElement;
const store = new PageValueStore();

function runtimeOf(source: PageValueStore): WidgetRuntime {
  return { ...createDesignRuntime('en-US'), mode: 'run', read: source.read, live: source };
}

const textOf = (id: string) => host.querySelector(`[data-widget-id="${id}"]`)?.textContent?.trim() ?? null;

beforeEach(() => {
  drawn.clear();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('live values on a running page', () => {
  it('re-renders only the widgets that read a changed value', () => {
    store.replace({ a: 1, b: 2, show: 0 });
    const widgets = [dataText('wa', 'a', 0), dataText('wb', 'b', 40), shownWhen('wc', 'a', 'show')];
    const runtime = runtimeOf(store);
    const page = { width: 400, height: 300, bgColor: '#fff', bgImage: '', widgets };
    act(() => root.render(<PageCanvas document={page} runtime={runtime} />));
    expect(textOf('wa')).toBe('1.0');
    expect(textOf('wb')).toBe('2.0');
    expect(textOf('wc')).toBeNull();
    expect([drawn.get('wa'), drawn.get('wb'), drawn.get('wc')]).toEqual([1, 1, undefined]);

    act(() => store.replace({ a: 1, b: 2.5, show: 0 }));
    expect(textOf('wb')).toBe('2.5');
    expect([drawn.get('wa'), drawn.get('wb')]).toEqual([1, 2]);

    // The same values again change nothing.
    act(() => store.replace({ a: 1, b: 2.5, show: 0 }));
    expect([drawn.get('wa'), drawn.get('wb')]).toEqual([1, 2]);

    // A value read only by a show rule brings its widget in, and leaves the others alone.
    act(() => store.replace({ a: 1, b: 2.5, show: 1 }));
    expect(textOf('wc')).toBe('1.0');
    expect([drawn.get('wa'), drawn.get('wb'), drawn.get('wc')]).toEqual([1, 2, 1]);

    act(() => store.replace({ a: 7, b: 2.5, show: 1 }));
    expect(textOf('wa')).toBe('7.0');
    expect(textOf('wc')).toBe('7.0');
    expect([drawn.get('wa'), drawn.get('wb'), drawn.get('wc')]).toEqual([2, 2, 2]);

    // The page drawn again (a resize, a popup opening) with the same runtime redraws no widget.
    act(() => root.render(<PageCanvas document={page} runtime={runtime} scale={0.5} />));
    expect([drawn.get('wa'), drawn.get('wb'), drawn.get('wc')]).toEqual([2, 2, 2]);
  });

  it('catches a change between drawing a widget and following it', () => {
    const late = new PageValueStore();
    late.replace({ a: 1, b: 1 });
    const tracker = new WidgetValueTracker(runtimeOf(late), late);
    tracker.beginRender();
    expect(tracker.runtime.read({ ...createEmptyBinding(), signalId: 'a' })).toBe(1);
    late.replace({ a: 1, b: 2 });
    const notify = vi.fn();
    const stop = tracker.subscribe(notify);
    expect(notify).not.toHaveBeenCalled();
    late.replace({ a: 2, b: 2 });
    expect(notify).toHaveBeenCalledTimes(1);
    stop();

    const missed = new WidgetValueTracker(runtimeOf(late), late);
    missed.beginRender();
    missed.runtime.read({ ...createEmptyBinding(), signalId: 'a' });
    late.replace({ a: 3, b: 2 });
    const told = vi.fn();
    missed.subscribe(told)();
    expect(told).toHaveBeenCalledTimes(1);
    expect(missed.snapshot()).toBe(1);
    expect([...missed.followed()]).toEqual(['a']);
  });
});

describe('the page value store', () => {
  it('tells listeners the keys that changed, added or went away', () => {
    const values = new PageValueStore();
    const heard: string[][] = [];
    const stop = values.subscribe((changed) => heard.push([...changed].sort()));
    values.replace({ a: 1, b: 2 });
    values.replace({ a: 1, b: 3 });
    values.replace({ a: 1, b: 3 });
    values.replace({ b: 3 });
    stop();
    values.replace({ b: 4 });
    expect(heard).toEqual([['a', 'b'], ['b'], ['a']]);
    expect(values.version()).toBe(4);
    expect(values.changedAt('b')).toBe(4);
    expect(values.changedAt('a')).toBe(3);
    expect(values.read({ ...createEmptyBinding(), signalId: 'b' })).toBe(4);
  });
});
