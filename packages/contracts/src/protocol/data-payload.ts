/**
 * `up/data` checked without copying. The platform takes tens of thousands of points a second, and
 * the schema's parse builds a new object for every point of every upload (garbage the platform then
 * collects). An upload in the usual shape (only the schema's own fields, so nothing to strip) is
 * checked in place by the same rules and answered as it is; anything else, including every
 * upload the quick check is unsure of, goes through `dataPayloadSchema` itself. A property test
 * holds the two to the same answers.
 */
import { MAX_POINTS_PER_UPLOAD, UPLOAD_LANES, dataPayloadSchema, type DataPayload } from './payloads.ts';

/** Limits of `pointSchema`, written where the quick check reads them. */
const KEY_MAX_LENGTH = 64;
const TEXT_VALUE_MAX_LENGTH = 1024;
const ERROR_MAX_LENGTH = 16;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a point is valid with exactly the schema's fields (so the schema would return it as it is). */
function isUsualPoint(point: unknown): boolean {
  if (!isPlainObject(point)) return false;
  let fields = 3;
  const { k, t, v, e } = point;
  if (typeof k !== 'string' || k.length < 1 || k.length > KEY_MAX_LENGTH) return false;
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t <= 0) return false;
  if (!(v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))))
    if (typeof v !== 'string' || v.length > TEXT_VALUE_MAX_LENGTH) return false;
  if (e !== undefined) {
    if (typeof e !== 'string' || e.length > ERROR_MAX_LENGTH) return false;
    fields = 4;
  }
  return Object.keys(point).length === fields;
}

function isUsualPayload(payload: Record<string, unknown>): payload is DataPayload {
  const { seq, points, lane } = payload;
  // A backlog upload names its lane: thousands of points that the quick check serves best.
  const fields = lane === undefined ? 2 : 3;
  if (lane !== undefined && !(UPLOAD_LANES as readonly unknown[]).includes(lane)) return false;
  if (Object.keys(payload).length !== fields) return false;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return false;
  if (!Array.isArray(points) || points.length > MAX_POINTS_PER_UPLOAD) return false;
  for (const point of points) if (!isUsualPoint(point)) return false;
  return true;
}

/** An `up/data` payload as `dataPayloadSchema` parses it, or null when it is not one. */
export function parseDataPayload(input: unknown): DataPayload | null {
  if (isPlainObject(input) && isUsualPayload(input)) return input;
  const parsed = dataPayloadSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}
