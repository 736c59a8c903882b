/**
 * Field rules of gateways (§5: SN 12 digits, gateway verification code 6 digits) built on the
 * lengths in contracts, and the §9 signal strength bands.
 */
import { GATEWAY_CODE_LENGTH, SN_LENGTH, type Check } from '../validation/index.ts';

const SN_PATTERN = new RegExp(`^\\d{${SN_LENGTH}}$`);
const GATEWAY_CODE_PATTERN = new RegExp(`^\\d{${GATEWAY_CODE_LENGTH}}$`);

export const checkSn: Check = (value) => {
  if (!value.trim()) return { code: '1001', params: { field: 'sn' } };
  return SN_PATTERN.test(value.trim()) ? null : { code: '1002', params: { field: 'sn' } };
};

export const checkGatewayCode: Check = (value) => {
  if (!value.trim()) return { code: '1104' };
  return GATEWAY_CODE_PATTERN.test(value.trim()) ? null : { code: '1132' };
};

/** MQTT password of a gateway: URL-safe text, long enough not to be guessed. */
export const GATEWAY_SECRET_MIN_LENGTH = 16;
export const GATEWAY_SECRET_MAX_LENGTH = 64;
const SECRET_PATTERN = /^[A-Za-z0-9_\-.~]+$/;

export const checkGatewaySecret: Check = (value) =>
  value.length >= GATEWAY_SECRET_MIN_LENGTH &&
  value.length <= GATEWAY_SECRET_MAX_LENGTH &&
  SECRET_PATTERN.test(value)
    ? null
    : { code: '1002', params: { field: 'secret' } };

/** Most gateways one batch may create or import. */
export const GATEWAY_BATCH_MAX = 1000;
export const HARDWARE_MODEL_MAX_LENGTH = 50;
export const FIRMWARE_MAX_LENGTH = 50;

/** §9 signal strength bands, strongest first: a signal belongs to the first band whose minimum it reaches. */
export const SIGNAL_BANDS = [
  { id: 'very-good', min: 70, zh: '很好', en: 'Very good' },
  { id: 'good', min: 50, zh: '良好', en: 'Good' },
  { id: 'fair', min: 30, zh: '一般', en: 'Fair' },
  { id: 'bad', min: 0, zh: '差', en: 'Bad' },
] as const;

export type SignalBand = (typeof SIGNAL_BANDS)[number]['id'];

/** The band of a signal strength (0-100); null when the gateway has not reported one. */
export function signalBandOf(signal: number | null | undefined): SignalBand | null {
  if (signal === null || signal === undefined) return null;
  return SIGNAL_BANDS.find((band) => signal >= band.min)?.id ?? 'bad';
}

/** §9: an upgrade needs a signal above this (0-100). */
export const UPGRADE_MIN_SIGNAL = 65;

/**
 * Whether a gateway may start an upgrade now (§9): online, and a signal above
 * `UPGRADE_MIN_SIGNAL`. A gateway that reported no signal (wired) counts as strong enough only
 * when it said so by reporting one: unknown is not above 65.
 */
export function mayStartUpgrade(gateway: { status: string; signal: number | null | undefined }): boolean {
  return (
    gateway.status === 'online' && typeof gateway.signal === 'number' && gateway.signal > UPGRADE_MIN_SIGNAL
  );
}
