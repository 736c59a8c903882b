/** The answer every API call gives (§7): `{ code, message, data }`, code "200"/"201" on success. */
import { z } from 'zod';

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), message: z.string(), data });
}

/** Error answers carry the catalogue code; `data.field` names the offending input when there is one. */
export const errorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({ field: z.string().optional() }).nullable(),
});
