/**
 * The WebGL scene widget (§3 `UsualWebgl`): an uploaded glTF model whose nodes follow live values
 * (colour, visibility, rotation). three.js is loaded only when a page shows a scene with a model;
 * a browser without WebGL gets a translated message instead. The editor draws the model too, with
 * no live values and no view controls.
 */
import { lazy, Suspense, useMemo } from 'react';
import type { WidgetRendererProps } from '../render-context.ts';
import { computeNodeStates, nodeStatesKey } from './scene-bindings.ts';
import { SceneMessage } from './SceneMessage.tsx';
import styles from './scene-widget.module.css';

const SceneView = lazy(() => import('./SceneView.tsx'));

let webglSupport: boolean | undefined;

/** Whether the browser can give a WebGL context at all; asked once, before three.js is fetched. */
export function isWebglAvailable(): boolean {
  if (webglSupport === undefined) {
    try {
      const canvas = document.createElement('canvas');
      webglSupport = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webglSupport = false;
    }
  }
  return webglSupport;
}

export function SceneWidget({ widget, width, height, runtime }: WidgetRendererProps<'UsualWebgl'>) {
  const { sceneId, signalArray } = widget.data.dataAddon;
  const lng = runtime.locale;
  const states = computeNodeStates(signalArray, runtime.read);
  const statesKey = nodeStatesKey(states);
  const boundKey = signalArray.map((signal) => signal.node ?? '').join('\n');
  const bound = useMemo(() => (boundKey ? boundKey.split('\n').filter(Boolean) : []), [boundKey]);

  if (!sceneId) {
    return (
      <div className={styles.scene} data-scene-state="empty">
        <SceneMessage state="empty" lng={lng} />
      </div>
    );
  }
  if (!isWebglAvailable()) {
    return (
      <div className={styles.scene} data-scene-state="no-webgl">
        <SceneMessage state="no-webgl" lng={lng} />
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div className={styles.scene} data-scene-state="loading">
          <SceneMessage state="loading" lng={lng} />
        </div>
      }
    >
      <SceneView
        key={`${sceneId}:${runtime.mode}`}
        interactive={runtime.mode === 'run'}
        {...{ sceneId, width, height, states, statesKey, bound, lng }}
      />
    </Suspense>
  );
}
