/** How a failed rule's path in a device model is named to the caller. */

/** Turns the path of a failed rule (`['variables', 3, 'address']`) into the field the caller sees. */
export type FieldNamer = (path: readonly PropertyKey[]) => string;

export const dottedPath: FieldNamer = (path) => path.map(String).join('.') || 'model';

/**
 * Names the fields of the one driver or variable a request carried (`variable.address`) as the
 * request named them; paths elsewhere in the model stay whole (`variables.7.driverKey`).
 */
export function fieldsOf(
  collection: 'drivers' | 'variables' | 'scripts',
  index: number,
  bodyField: string,
): FieldNamer {
  return (path) =>
    path[0] === collection && path[1] === index
      ? dottedPath([bodyField, ...path.slice(2)])
      : dottedPath(path);
}
