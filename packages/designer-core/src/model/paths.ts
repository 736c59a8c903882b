/** Reading and immutably writing a value at a dot path (`style.fill.color`, `data.options.0.title`). */

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

export function getAtPath(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (!isContainer(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function hasPath(source: unknown, path: string): boolean {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (!isContainer(current) || !Object.hasOwn(current, key)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

/** A copy of `source` with `value` at `path`; only the containers along the path are copied. */
export function setAtPath<T>(source: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined || !isContainer(source)) return source;
  const child =
    rest.length === 0 ? value : setAtPath((source as Record<string, unknown>)[head], rest.join('.'), value);
  if (Array.isArray(source)) {
    const copy: unknown[] = [...source];
    copy[Number(head)] = child;
    return copy as T;
  }
  return { ...source, [head]: child };
}
