/**
 * The three.js side of the WebGL scene widget: one renderer on the widget's canvas, the model
 * parsed from its GLB bytes, a camera framed on it, and the node states applied to the model's
 * objects. It draws on demand (after a change, a resize or a drag of the view), never in a
 * continuous loop, so a page of many widgets spends frames only when the scene changes. This module
 * is the only one importing three; it reaches the browser only through the lazily loaded view.
 */
import {
  Box3,
  Color,
  type BufferGeometry,
  DirectionalLight,
  HemisphereLight,
  MathUtils,
  Mesh,
  PerspectiveCamera,
  PropertyBinding,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { NodeState, SceneNodeStates } from './scene-bindings.ts';

type TintableMaterial = Material & { color: Color };

const hasColour = (material: Material): material is TintableMaterial =>
  (material as Partial<TintableMaterial>).color instanceof Color;

/** A bound node: its object and what the model gave it, to return to when a rule stops holding. */
interface NodeRecord {
  readonly object: Object3D;
  readonly visible: boolean;
  readonly rotation: { x: number; y: number; z: number };
  /** Materials of its meshes, cloned on the first tint so other nodes sharing them keep theirs. */
  tints?: Array<{ material: TintableMaterial; original: Color }>;
}

/** What a node shows after the states were applied, read back from the scene (for checks and tests). */
export interface AppliedNode {
  color?: string;
  visible: boolean;
  /** Degrees the bindings turned the node by, about each axis (whole degrees). */
  turned: { x: number; y: number; z: number };
}

/** Throws when the browser gives no WebGL context (the caller shows the translated message). */
export class SceneViewer {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  private readonly controls?: OrbitControls;
  private readonly records = new Map<string, NodeRecord>();
  private frame = 0;
  private disposed = false;

  constructor(canvas: HTMLCanvasElement, options: { interactive: boolean }) {
    this.renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true });
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.scene.add(new HemisphereLight(0xffffff, 0x666666, 2));
    const sun = new DirectionalLight(0xffffff, 2);
    sun.position.set(3, 5, 4);
    this.scene.add(sun);
    if (options.interactive) {
      // Viewers may turn and zoom the view; in the editor the pointer belongs to the canvas.
      this.controls = new OrbitControls(this.camera, canvas);
      this.controls.addEventListener('change', () => this.requestRender());
    }
  }

  /** Parses the model and frames it; resolves with the names its nodes can be bound by. */
  async load(bytes: ArrayBuffer): Promise<void> {
    const gltf = await new GLTFLoader().parseAsync(bytes, '');
    if (this.disposed) return;
    this.scene.add(gltf.scene);
    this.frameCamera(gltf.scene);
    this.requestRender();
  }

  setSize(width: number, height: number): void {
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  /** Sets every bound node to its state (nodes left out return to the model's own) and redraws. */
  apply(states: SceneNodeStates, bound: readonly string[]): Record<string, AppliedNode> {
    const applied: Record<string, AppliedNode> = {};
    for (const name of new Set(bound)) {
      const record = this.recordOf(name);
      if (!record) continue;
      this.applyTo(record, states[name] ?? {});
      const tinted = record.tints?.[0]?.material ?? this.firstMaterial(record.object);
      const turned = (axis: 'x' | 'y' | 'z') =>
        Math.round(MathUtils.radToDeg(record.object.rotation[axis] - record.rotation[axis]));
      applied[name] = {
        visible: record.object.visible,
        turned: { x: turned('x'), y: turned('y'), z: turned('z') },
        ...(tinted ? { color: `#${tinted.color.getHexString()}` } : {}),
      };
    }
    this.requestRender();
    return applied;
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.controls?.dispose();
    this.scene.traverse((object) => {
      if (object instanceof Mesh) {
        const mesh = object as Mesh<BufferGeometry, Material | Material[]>;
        mesh.geometry.dispose();
        for (const material of [mesh.material].flat()) material.dispose();
      }
    });
    this.renderer.dispose();
    // Browsers keep only a few WebGL contexts; give this one back now rather than at collection.
    this.renderer.forceContextLoss();
  }

  private requestRender(): void {
    if (this.frame || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (!this.disposed) this.renderer.render(this.scene, this.camera);
    });
  }

  private frameCamera(model: Object3D): void {
    const box = new Box3().setFromObject(model);
    if (box.isEmpty()) return;
    const centre = box.getCenter(new Vector3());
    const radius = Math.max(box.getSize(new Vector3()).length() / 2, 0.001);
    const distance = radius / Math.sin(MathUtils.degToRad(this.camera.fov / 2));
    const direction = new Vector3(0.6, 0.5, 1).normalize();
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.lookAt(centre);
    this.camera.updateProjectionMatrix();
    if (this.controls) {
      this.controls.target.copy(centre);
      this.controls.update();
    }
  }

  /** The object of a node by the name the model gives it (the loader makes names safe the same way). */
  private recordOf(name: string): NodeRecord | undefined {
    const known = this.records.get(name);
    if (known) return known;
    const object =
      this.scene.getObjectByName(name) ?? this.scene.getObjectByName(PropertyBinding.sanitizeNodeName(name));
    if (!object) return undefined;
    const record: NodeRecord = {
      object,
      visible: object.visible,
      rotation: { x: object.rotation.x, y: object.rotation.y, z: object.rotation.z },
    };
    this.records.set(name, record);
    return record;
  }

  private firstMaterial(object: Object3D): TintableMaterial | undefined {
    let found: TintableMaterial | undefined;
    object.traverse((child) => {
      if (found || !(child instanceof Mesh)) return;
      found = [child.material as Material | Material[]].flat().find(hasColour);
    });
    return found;
  }

  private tintsOf(record: NodeRecord): NonNullable<NodeRecord['tints']> {
    if (record.tints) return record.tints;
    const tints: NonNullable<NodeRecord['tints']> = [];
    record.object.traverse((child) => {
      if (!(child instanceof Mesh)) return;
      const own = [child.material as Material | Material[]].flat().map((material) => {
        const copy = material.clone();
        if (hasColour(copy)) tints.push({ material: copy, original: copy.color.clone() });
        return copy;
      });
      child.material = Array.isArray(child.material) ? own : own[0]!;
    });
    record.tints = tints;
    return tints;
  }

  private applyTo(record: NodeRecord, state: NodeState): void {
    record.object.visible = state.visible ?? record.visible;
    for (const axis of ['x', 'y', 'z'] as const) {
      const degrees = state.rotation?.[axis] ?? 0;
      record.object.rotation[axis] = record.rotation[axis] + MathUtils.degToRad(degrees);
    }
    if (state.color !== undefined || record.tints) {
      for (const { material, original } of this.tintsOf(record)) {
        if (state.color) material.color.set(state.color);
        else material.color.copy(original);
      }
    }
  }
}
