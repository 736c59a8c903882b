/** Comparing product documents "but for ids": every id a document gives its parts becomes its ordinal. */

/** The ids a document (or bundle) gives its pages, reports, alarm groups and rules, in order. */
function idsOf(document: unknown): string[] {
  const value = document as {
    pages?: Array<{ id?: unknown }>;
    reports?: Array<{ id?: unknown }>;
    alarms?: { groups?: Array<{ id?: unknown }>; rules?: Array<{ id?: unknown }> };
  };
  return [
    ...(value.pages ?? []),
    ...(value.reports ?? []),
    ...(value.alarms?.groups ?? []),
    ...(value.alarms?.rules ?? []),
  ]
    .map((part) => part.id)
    .filter((id): id is string => typeof id === 'string');
}

/**
 * The document with every id of its parts (wherever it appears: references, page content) replaced
 * by `#<n>`, the product id inside page content by `#product`, and the export time dropped.
 */
export function normaliseIds(document: unknown): unknown {
  const ordinal = new Map(idsOf(document).map((id, index) => [id, `#${index}`]));
  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (typeof value === 'string') {
      if (key === 'productId') return '#product';
      return ordinal.get(value) ?? value;
    }
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => name !== 'exportedAt')
        .map(([name, item]) => [name, walk(item, name)]),
    );
  };
  return walk(document);
}
