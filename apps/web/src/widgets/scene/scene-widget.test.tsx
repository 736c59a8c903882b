import '../../app/i18n.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  SceneSignalSchema,
  type DataBinding,
  type SceneSignal,
  type WidgetOf,
} from '@lyyp/contracts/designer';
import {
  createSceneSignal,
  createSequentialDeps,
  createValueReader,
  createWidget,
  getWidgetDefinition,
} from '@lyyp/designer-core';
import { createDesignRuntime, type WidgetRuntime } from '../render-context.ts';
import { WidgetView } from '../WidgetView.tsx';
import { computeNodeStates, nodeStatesKey } from './scene-bindings.ts';

const newScene = (): WidgetOf<'UsualWebgl'> =>
  createWidget('UsualWebgl', { x: 0, y: 0, width: 400, height: 300 }, createSequentialDeps());

const signal = (fields: Partial<SceneSignal>): SceneSignal => ({ ...createSceneSignal(), ...fields });

describe('WebGL scene widget', () => {
  it('starts with the §3 defaults and a panel for the model and the node bindings', () => {
    expect(newScene().data).toEqual({ dataAddon: { type: 'scene', sceneId: '', signalArray: [] } });
    const definition = getWidgetDefinition('UsualWebgl');
    expect(definition.implemented).toBe(true);
    const panel = definition.properties
      .filter((property) => property.section === 'data')
      .map((property) => [property.key, property.kind]);
    expect(panel).toEqual([
      ['data.dataAddon.sceneId', 'scene'],
      ['data.dataAddon.signalArray', 'scene-signals'],
    ]);
    expect(definition.bindable).toEqual([
      { key: 'data.dataAddon.sceneId', kind: 'scene' },
      { key: 'data.dataAddon.signalArray', kind: 'series' },
    ]);
  });

  it('adds node bindings that the saved-page schema accepts, and reads ones saved without node fields', () => {
    expect(SceneSignalSchema.parse(createSceneSignal())).toEqual({
      title: '',
      subTitle: '',
      signalId: '',
      equipId: '',
      color: '#ff0000',
      node: '',
      effect: 'color',
      symbol: '==',
      value: 1,
      axis: 'y',
    });
    const older = { title: 'a', subTitle: '', signalId: 'a', equipId: '', color: '#000' };
    expect(SceneSignalSchema.safeParse(older).success).toBe(true);
    expect(SceneSignalSchema.safeParse({ ...older, effect: 'explode' }).success).toBe(false);
  });

  it('tints, shows and turns nodes from the live values', () => {
    const signals = [
      signal({ signalId: 'mode', node: 'Tank', effect: 'color', symbol: '==', value: 3, color: '#ff0000' }),
      signal({ signalId: 'mode', node: 'Valve', effect: 'visible', symbol: '!=', value: 3 }),
      signal({ signalId: 'speed', node: 'Pump', effect: 'rotation', axis: 'z' }),
      signal({ signalId: 'ghost', node: 'Tank', effect: 'visible' }),
      signal({ signalId: 'mode', node: '' }),
    ];
    const idle = computeNodeStates(signals, createValueReader({ mode: 1, speed: 45 }));
    expect(idle).toEqual({ Tank: {}, Valve: { visible: true }, Pump: { rotation: { z: 45 } } });
    const alarm = computeNodeStates(signals, createValueReader({ mode: '3', speed: 'fast' }));
    expect(alarm).toEqual({ Tank: { color: '#ff0000' }, Valve: { visible: false }, Pump: {} });
    expect(nodeStatesKey(alarm)).not.toBe(nodeStatesKey(idle));
    expect(nodeStatesKey({ b: {}, a: { visible: true } })).toBe(
      nodeStatesKey({ a: { visible: true }, b: {} }),
    );
  });

  it('reads intermediate variables under the same key as device signals', () => {
    const reader = (binding: DataBinding) => (binding.mvarId === 'level' ? 80 : undefined);
    const states = computeNodeStates(
      [signal({ signalId: 'level', node: 'Tank', effect: 'visible', symbol: '>', value: 50 })],
      reader,
    );
    expect(states).toEqual({ Tank: { visible: true } });
  });

  it('asks for a model until one is chosen, and says plainly when WebGL is unavailable', () => {
    const runtime: WidgetRuntime = { ...createDesignRuntime('en-US'), mode: 'run' };
    const empty = renderToStaticMarkup(<WidgetView widget={newScene()} runtime={runtime} />);
    expect(empty).toContain('data-scene-state="empty"');
    expect(empty).toContain('Upload or choose a 3D model in the properties');
    expect(empty).not.toContain('data-placeholder');

    // Node has no WebGL: the widget says so in the page's language instead of drawing nothing.
    const base = newScene();
    const chosen = { ...base, data: { dataAddon: { ...base.data.dataAddon, sceneId: 'scene-1' } } };
    const zh = renderToStaticMarkup(<WidgetView widget={chosen} runtime={createDesignRuntime('zh-CN')} />);
    expect(zh).toContain('data-scene-state="no-webgl"');
    expect(zh).toContain('此浏览器无法显示三维场景（WebGL 不可用）');
  });
});
