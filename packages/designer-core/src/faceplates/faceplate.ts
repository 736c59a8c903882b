/**
 * Faceplates: a group or a page saved as a template whose bindings name a device parameter instead
 * of a device (`equipId` `$boiler`), placed on a page many times, each instance bound to a device of
 * the product. An instance is an ordinary group that remembers its template, the template's version
 * and which device each parameter stands for; a new version of the template rebuilds every instance
 * where it stands, each still bound to its own devices.
 */
import {
  FaceplateTemplateSchema,
  type FaceplateParameterValue,
  type FaceplateTemplate,
  type GroupWidget,
  type PageDocument,
  type Widget,
  type WidgetId,
} from '@lyyp/contracts/designer';
import { DEFAULT_LOCALE, type Locale } from '@lyyp/contracts';
import { unionBoxes, type Point } from '../geometry/box.ts';
import { translatePosition } from '../geometry/position.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { nextWidgetNumber } from '../model/numbering.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { computeGroupBind, copyWithNewIds, isGroup, toWidgetId } from '../model/widget-tree.ts';
import { addWidget } from '../operations/add-delete.ts';
import { checkWidgetLimits } from '../operations/limits.ts';
import { widgetBounds, withPosition } from '../operations/widget-geometry.ts';

/** How a binding names a parameter: `$` and the parameter's name. */
export const FACEPLATE_PARAMETER_PREFIX = '$';

export const parameterReference = (name: string) => `${FACEPLATE_PARAMETER_PREFIX}${name}`;

function parameterOf(equipId: string): string | null {
  return equipId.startsWith(FACEPLATE_PARAMETER_PREFIX)
    ? equipId.slice(FACEPLATE_PARAMETER_PREFIX.length)
    : null;
}

interface SignalReference {
  readonly signalId: string;
  readonly equipId: string;
  readonly subTitle?: string;
}

function isReference(value: unknown): value is SignalReference {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SignalReference).signalId === 'string' &&
    typeof (value as SignalReference).equipId === 'string'
  );
}

/**
 * A copy of `value` with every signal reference in it (bindings, rules, series, click events,
 * symbol parts, pipe flows: anything holding `signalId` and `equipId`) passed through `map`.
 */
export function mapSignalReferences<T>(value: T, map: (reference: SignalReference) => SignalReference): T {
  if (Array.isArray(value)) return value.map((item: unknown) => mapSignalReferences(item, map)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const mapped = isReference(value) ? map(value) : value;
  const entries = Object.entries(mapped as object).map(([key, child]: [string, unknown]) => [
    key,
    mapSignalReferences(child, map),
  ]);
  return Object.fromEntries(entries) as T;
}

/** The reference pointed at another device (its subtitle, where it has one, naming the device). */
function retarget(reference: SignalReference, equipId: string, title: string): SignalReference {
  return 'subTitle' in reference ? { ...reference, equipId, subTitle: title } : { ...reference, equipId };
}

function forEachReference(widgets: readonly Widget[], visit: (reference: SignalReference) => void): void {
  mapSignalReferences(widgets, (reference) => {
    visit(reference);
    return reference;
  });
}

/** The parameters the widgets' bindings name, in order of first use. */
export function listFaceplateParameters(widgets: readonly Widget[]): string[] {
  const names: string[] = [];
  forEachReference(widgets, (reference) => {
    const name = parameterOf(reference.equipId);
    if (name !== null && !names.includes(name)) names.push(name);
  });
  return names;
}

export interface TemplateSource {
  readonly id: string;
  readonly title: string;
  /** The template's widgets as drawn (a group's members, or a page's widgets). */
  readonly widgets: readonly Widget[];
  /** Devices the drawing is bound to, each turned into the named parameter. */
  readonly parameterize?: Readonly<Record<string, string>>;
  /** The version it replaces (the new one is one more); 0 for a new template. */
  readonly previousVersion?: number;
}

/**
 * A template from widgets: bindings to a device listed in `parameterize` become references to its
 * parameter, and the drawing moves to (0, 0). Refused when the result is not a valid template.
 */
export function createFaceplateTemplate(source: TemplateSource): Result<FaceplateTemplate> {
  const parameterize = source.parameterize ?? {};
  const widgets = mapSignalReferences(source.widgets, (reference) => {
    const name = Object.hasOwn(parameterize, reference.equipId) ? parameterize[reference.equipId] : undefined;
    return name === undefined ? reference : retarget(reference, parameterReference(name), '');
  });
  const box = unionBoxes(widgets.map(widgetBounds));
  const placed = widgets.map((widget) =>
    withPosition(widget, translatePosition(widget.position, -box.x, -box.y)),
  );
  const parsed = FaceplateTemplateSchema.safeParse({
    id: source.id,
    title: source.title,
    version: (source.previousVersion ?? 0) + 1,
    parameters: listFaceplateParameters(placed),
    width: box.width,
    height: box.height,
    widgets: placed,
  });
  return parsed.success ? accept(parsed.data) : reject('document-invalid');
}

/** A group saved as a template (its members as they show in the group). */
export function templateFromGroup(
  group: GroupWidget,
  source: Omit<TemplateSource, 'widgets'>,
): Result<FaceplateTemplate> {
  return createFaceplateTemplate({
    ...source,
    widgets: group.children.map((child) =>
      withPosition(child, translatePosition(child.position, -group.origin.x, -group.origin.y)),
    ),
  });
}

/** A page saved as a template. */
export function templateFromPage(
  page: PageDocument,
  source: Omit<TemplateSource, 'widgets'>,
): Result<FaceplateTemplate> {
  return createFaceplateTemplate({ ...source, widgets: page.widgets });
}

export type FaceplateParameters = Readonly<Record<string, FaceplateParameterValue>>;

/**
 * The template's widgets bound for one instance: every parameter reference becomes the device
 * the instance gives it (its id, and its name as the binding's subtitle). Refused when a
 * parameter has no device.
 */
export function resolveFaceplateWidgets(
  template: FaceplateTemplate,
  parameters: FaceplateParameters,
): Result<Widget[]> {
  const missing = template.parameters.find(
    (name) => !Object.hasOwn(parameters, name) || !parameters[name]?.equipId,
  );
  if (missing !== undefined) return reject('faceplate-parameter-missing', { parameter: missing });
  return accept(
    mapSignalReferences([...template.widgets], (reference) => {
      const name = parameterOf(reference.equipId);
      const device = name === null ? undefined : parameters[name];
      return device ? retarget(reference, device.equipId, device.title) : reference;
    }),
  );
}

function buildInstance(
  template: FaceplateTemplate,
  parameters: FaceplateParameters,
  place: {
    readonly id: WidgetId;
    readonly name: string;
    readonly at: Point;
    readonly scale: Point;
    readonly textId: string;
  },
  deps: Pick<DesignerDeps, 'createId'>,
): Result<GroupWidget> {
  const resolved = resolveFaceplateWidgets(template, parameters);
  if (!resolved.ok) return resolved;
  const children = resolved.value.map((widget) => copyWithNewIds(widget, deps.createId));
  return accept({
    id: place.id,
    ref: '',
    widgetType: 'WidgetGroup',
    widgetName: place.name,
    posLock: false,
    authRegion: [],
    textId: place.textId,
    position: {
      kind: 'rect',
      x: place.at.x,
      y: place.at.y,
      width: template.width * place.scale.x,
      height: template.height * place.scale.y,
      rotate: 0,
      flipX: false,
      flipY: false,
    },
    origin: { x: 0, y: 0, width: template.width, height: template.height },
    children,
    bind: computeGroupBind(children),
    faceplate: { templateId: template.id, version: template.version, parameters: { ...parameters } },
  });
}

export interface PlacedFaceplate {
  readonly document: PageDocument;
  readonly groupId: WidgetId;
}

/** One more instance of the template with its top-left corner at `at`, bound to `parameters`. */
export function placeFaceplate(
  document: PageDocument,
  template: FaceplateTemplate,
  at: Point,
  parameters: FaceplateParameters,
  deps: Pick<DesignerDeps, 'createId'>,
  locale: Locale = DEFAULT_LOCALE,
): Result<PlacedFaceplate> {
  const number = nextWidgetNumber(
    document,
    (widget) => isGroup(widget) && widget.faceplate?.templateId === template.id,
  );
  const name = locale === 'en-US' ? `${template.title} ${number}` : `${template.title}${number}`;
  const id = toWidgetId(deps.createId());
  const instance = buildInstance(
    template,
    parameters,
    { id, name, at, scale: { x: 1, y: 1 }, textId: deps.createId() },
    deps,
  );
  if (!instance.ok) return instance;
  const added = addWidget(document, instance.value);
  return added.ok ? accept({ document: added.value, groupId: id }) : added;
}

/** The instances of the template on the page (top-level groups). */
export function listFaceplateInstances(document: PageDocument, templateId: string): GroupWidget[] {
  return document.widgets.filter(
    (widget): widget is GroupWidget => isGroup(widget) && widget.faceplate?.templateId === templateId,
  );
}

/**
 * Every instance of the template rebuilt from its new version where it stands (its corner, scale,
 * turn, flips, name, lock and access kept), each bound to its own devices. Instances of the same or
 * a newer version are left alone.
 */
export function updateFaceplateInstances(
  document: PageDocument,
  template: FaceplateTemplate,
  deps: Pick<DesignerDeps, 'createId'>,
): Result<PageDocument> {
  const replaced = new Map<WidgetId, GroupWidget>();
  for (const instance of listFaceplateInstances(document, template.id)) {
    if (!instance.faceplate || instance.faceplate.version >= template.version) continue;
    const { position, origin } = instance;
    const scale = {
      x: origin.width === 0 ? 1 : position.width / origin.width,
      y: origin.height === 0 ? 1 : position.height / origin.height,
    };
    const rebuilt = buildInstance(
      template,
      instance.faceplate.parameters,
      { id: instance.id, name: instance.widgetName, at: position, scale, textId: instance.textId },
      deps,
    );
    if (!rebuilt.ok) return rebuilt;
    const group = rebuilt.value;
    replaced.set(instance.id, {
      ...group,
      ref: instance.ref,
      posLock: instance.posLock,
      authRegion: instance.authRegion,
      position: { ...group.position, rotate: position.rotate, flipX: position.flipX, flipY: position.flipY },
    });
  }
  if (replaced.size === 0) return accept(document);
  const widgets = document.widgets.map((widget) => replaced.get(widget.id) ?? widget);
  return checkWidgetLimits(document, { ...document, widgets });
}
