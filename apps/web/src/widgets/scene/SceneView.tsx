/**
 * The drawn scene (loaded lazily with three.js): reads the model's bytes, draws them through
 * `SceneViewer` and applies the node states whenever they change. The frame says what it shows:
 * `data-scene-state` (loading, ready, failed, no-webgl) and `data-scene-nodes` (each bound node's
 * colour, visibility and turn as read back from the scene). The parent keys it by model and mode, so
 * each model starts from `loading`.
 */
import { useEffect, useRef, useState } from 'react';
import { loadSceneModel } from '../../api/designer.api.ts';
import type { SceneNodeStates } from './scene-bindings.ts';
import { SceneViewer } from './scene-viewer.ts';
import { SceneMessage, type SceneState } from './SceneMessage.tsx';
import styles from './scene-widget.module.css';

export interface SceneViewProps {
  readonly sceneId: string;
  readonly interactive: boolean;
  readonly width: number;
  readonly height: number;
  readonly states: SceneNodeStates;
  /** Changes exactly when `states` does (see `nodeStatesKey`). */
  readonly statesKey: string;
  /** Names of the nodes the widget's signals act on. */
  readonly bound: readonly string[];
  readonly lng: string;
}

export default function SceneView({
  sceneId,
  interactive,
  width,
  height,
  states,
  statesKey,
  bound,
  lng,
}: SceneViewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const viewer = useRef<SceneViewer | null>(null);
  const [state, setState] = useState<SceneState>('loading');
  const [applied, setApplied] = useState('');
  const boundKey = bound.join('\n');

  useEffect(() => {
    const target = canvas.current;
    if (!target) return undefined;
    const abort = new AbortController();
    let created: SceneViewer | null = null;
    const open = async (): Promise<SceneState> => {
      let bytes: ArrayBuffer;
      try {
        bytes = await loadSceneModel(sceneId, abort.signal);
      } catch {
        return 'failed';
      }
      try {
        created = new SceneViewer(target, { interactive });
      } catch {
        // The browser gave no WebGL context after all (a lost or refused GPU).
        return 'no-webgl';
      }
      try {
        await created.load(bytes);
      } catch {
        return 'failed';
      }
      viewer.current = created;
      return 'ready';
    };
    void open().then((next) => {
      if (!abort.signal.aborted) setState(next);
    });
    return () => {
      abort.abort();
      viewer.current = null;
      created?.dispose();
    };
  }, [sceneId, interactive]);

  useEffect(() => {
    if (state === 'ready') viewer.current?.setSize(width, height);
  }, [state, width, height]);

  useEffect(() => {
    if (state !== 'ready' || !viewer.current) return;
    setApplied(JSON.stringify(viewer.current.apply(states, boundKey ? boundKey.split('\n') : [])));
    // `statesKey` stands for `states`: a new object with the same content changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, statesKey, boundKey]);

  return (
    <div className={styles.scene} data-scene-state={state} data-scene-nodes={applied}>
      <canvas ref={canvas} className={styles.canvas} />
      {state !== 'ready' && <SceneMessage state={state} lng={lng} />}
    </div>
  );
}
