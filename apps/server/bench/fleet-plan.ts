/**
 * What the ingest and alarm benchmarks ask of their gateway fleet (`fleet-process.ts`), and the
 * values it sends: variables well below the alarm limit, except that each gateway trips one variable
 * in one upload of every `tripPeriod` (a different variable each time) and releases it in the next.
 */

/** The alarm rule on every variable: value > limit, released at or below limit − dead band. */
export const ALARM_LIMIT = 80;
export const ALARM_DEAD_BAND = 2;
/** Normal values lie in [NORMAL_VALUE, NORMAL_VALUE + 10): never near the limit. */
export const NORMAL_VALUE = 40;
export const TRIP_VALUE = 95;
export const RELEASE_VALUE = NORMAL_VALUE;

/** Whether this gateway's upload number `upload` carries a tripping value (0: never). */
export function isTripUpload(tripPeriod: number, gatewayIndex: number, upload: number): boolean {
  return tripPeriod > 0 && upload >= 0 && (gatewayIndex + upload) % tripPeriod === 0;
}

export interface FleetGateway {
  readonly sn: string;
  readonly secret: string;
  readonly deviceId: string;
}

interface UploadShape {
  readonly keys: readonly string[];
  readonly pointsPerUpload: number;
  /** Time one upload covers; its samples are spread evenly over it. */
  readonly spanMs: number;
  readonly tripPeriod: number;
}

export type FleetOrder =
  | {
      type: 'connect';
      url: string;
      gateways: readonly FleetGateway[];
      /** A browser on the live channel (signed in as someone who sees every device). */
      live?: { url: string; cookie: string };
    }
  /** Every gateway sends `uploads` uploads as fast as the platform acknowledges them. */
  | ({ type: 'flood'; uploads: number; window: number; start: number } & UploadShape)
  /** Every gateway sends one upload every `intervalMs` for `seconds`, sample times on the wall clock. */
  | ({ type: 'paced'; seconds: number; intervalMs: number; settleMs: number } & UploadShape)
  | { type: 'close' };

export type FleetReply =
  | { type: 'connected'; connected: number; failed: number }
  | { type: 'flooded'; seconds: number; points: number }
  | {
      type: 'paced';
      points: number;
      /** How long sending took (longer than asked when the fleet process itself fell behind). */
      sendSeconds: number;
      /** From the first upload until the last one was acknowledged. */
      ackedSeconds: number;
      /** Publish of a tripping upload → its alarm on the live channel, ms. */
      latencies: number[];
      /** Tripping uploads whose alarm never arrived. */
      missing: number;
    }
  | { type: 'failed'; message: string };
