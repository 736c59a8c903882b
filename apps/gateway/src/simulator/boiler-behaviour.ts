/**
 * Makes the demo boiler's registers behave like a plant: the burner fires to hold the water
 * temperature at its set-point (per operating mode), pressure follows temperature, counters and
 * totals grow while it runs, the drum level drifts, and alarms latch until reset. Values are raw
 * device units, exactly as the demo model's formulas expect them (×10 for scaled shorts).
 *
 * With `flameTrips` the burner loses its flame now and then (flame failure for a while, then it
 * relights by itself), so the demo shows an alarm raised and released: the first a few minutes
 * after the start, then rarely, as a real burner does (the unread count does not pile up).
 */
import type { SimulatedDevice, DeviceWrite } from './simulated-device.ts';

/** Small deterministic noise, so a demo looks alive and a test run repeats. */
function createNoise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
}

/**
 * Flame failure for `forSeconds`, first after `firstAfterSeconds` of running time (by default at
 * the end of the first `everySeconds`), then once every `everySeconds`.
 */
export interface FlameTrips {
  readonly everySeconds: number;
  readonly forSeconds: number;
  readonly firstAfterSeconds?: number;
}

/** The demo's: 90 s without flame 10 minutes after the start, then once every 6 hours. */
export const DEMO_FLAME_TRIPS: FlameTrips = {
  everySeconds: 6 * 3600,
  forSeconds: 90,
  firstAfterSeconds: 600,
};

const MODE_OFF = 0;
const MODE_MANUAL = 1;
const MODE_ECO = 3;

const SETPOINT_RAW_RANGE = [0, 1000] as const;
const MODE_RANGE = [0, 3] as const;

export class BoilerBehaviour {
  private readonly noise: () => number;
  private elapsedSeconds = 0;
  private waterTemperature = 62;
  private firing = false;
  private energyRemainder = 0;
  private flameTripped = false;

  constructor(
    private readonly device: SimulatedDevice,
    seed = 7,
    private readonly flameTrips: FlameTrips | null = null,
  ) {
    this.noise = createNoise(seed);
    this.initialise();
    device.guardWrites((write) => this.refuseImplausible(write));
    device.onWrite((write) => this.handleWrite(write));
    this.advance(0);
  }

  /** Moves the plant forward by `seconds`. */
  advance(seconds: number): void {
    const device = this.device;
    this.elapsedSeconds += seconds;
    this.tripFlame();
    const mode = Number(device.value('operatingMode'));
    const setpoint = Number(device.value('temperatureSetpoint')) / 10;
    const level = 55 + 15 * Math.sin(this.elapsedSeconds / 120) + this.noise();
    const lowWater = level < 25 || Number(device.value('lowWaterAlarm')) === 1;
    const flameFailure = Number(device.value('flameFailure')) === 1;
    const enabled =
      Number(device.value('burnerEnable')) === 1 && mode !== MODE_OFF && !lowWater && !flameFailure;
    const target = mode === MODE_ECO ? setpoint - 5 : setpoint;
    const shouldFire =
      mode === MODE_MANUAL ||
      this.waterTemperature < target - 1 ||
      (this.firing && this.waterTemperature < target + 1);
    const firing = enabled && shouldFire;
    if (firing && !this.firing) device.setValue('burnerStarts', Number(device.value('burnerStarts')) + 1);
    this.firing = firing;

    const heating = firing ? 0.8 : -0.3 * ((this.waterTemperature - 20) / 60);
    this.waterTemperature = Math.min(
      110,
      Math.max(5, this.waterTemperature + heating * seconds + this.noise() * 0.1),
    );
    const pumpRunning = Number(device.value('pumpCommand'));
    const pressure = 0.1 + ((this.waterTemperature - 20) / 90) * 0.6 + this.noise() * 0.004;
    const heatOutput = firing ? Math.round(1200 + this.noise() * 80) : -Math.round(30 + this.noise() * 4);

    device.setValue('waterTemperature', this.waterTemperature);
    device.setValue('returnTemperature', this.waterTemperature - (pumpRunning ? 8 : 2) + this.noise() * 0.3);
    device.setValue('steamPressure', pressure);
    device.setValue(
      'flueTemperature',
      Math.round((this.waterTemperature + (firing ? 95 : 12) + this.noise() * 2) * 10),
    );
    device.setValue('outdoorTemperature', Math.round((2 + 6 * Math.sin(this.elapsedSeconds / 600)) * 10));
    device.setValue('waterLevel', Math.round(Math.max(0, level) * 10));
    device.setValue('flameIntensity', firing ? Math.round(82 + this.noise() * 20) : 0);
    device.setValue('oxygenTrim', firing ? Math.round(this.noise() * 10) : 0);
    device.setValue('heatOutput', heatOutput);
    if (firing) device.setValue('gasTotal', Number(device.value('gasTotal')) + 0.035 * seconds);
    this.energyRemainder += (Math.max(0, heatOutput) * seconds) / 3600;
    const wholeKwh = Math.floor(this.energyRemainder);
    this.energyRemainder -= wholeKwh;
    device.setValue('energyTotal', Number(device.value('energyTotal')) + wholeKwh);
    device.setValue('running', firing ? 1 : 0);
    device.setValue('lowWaterAlarm', lowWater ? 1 : 0);
    device.setValue('overPressureAlarm', pressure > Number(device.value('pressureAlarmLimit')) ? 1 : 0);
    device.setValue('pumpRunning', pumpRunning);
  }

  /** Sets and clears the flame failure of a scheduled trip (a latched one from elsewhere stays). */
  private tripFlame(): void {
    if (!this.flameTrips) return;
    const { everySeconds, forSeconds, firstAfterSeconds = everySeconds - forSeconds } = this.flameTrips;
    const since = this.elapsedSeconds - firstAfterSeconds;
    const tripping = since >= 0 && since % everySeconds < forSeconds;
    if (tripping && !this.flameTripped) this.device.setValue('flameFailure', 1);
    if (!tripping && this.flameTripped) this.device.setValue('flameFailure', 0);
    this.flameTripped = tripping;
  }

  private initialise(): void {
    const device = this.device;
    const initial: Record<string, number | string> = {
      temperatureSetpoint: 750,
      operatingMode: 2,
      pressureAlarmLimit: 0.8,
      maintenanceHours: 2000,
      remoteEnable: 1,
      firmwareVersion: 0x0203,
      burnerEnable: 1,
      pumpCommand: 1,
      burnerStarts: 1287,
      gasTotal: 48213.62,
      energyTotal: 512344,
      serialNumber: 'LYBLR2T-00012345',
      doorOpen: 0,
    };
    for (const [key, value] of Object.entries(initial)) device.setValue(key, value);
  }

  /** The controller refuses set-points it cannot run with (illegal data value). */
  private refuseImplausible(write: DeviceWrite): number | null {
    const checks: [key: string, range: readonly [number, number]][] = [
      ['temperatureSetpoint', SETPOINT_RAW_RANGE],
      ['operatingMode', MODE_RANGE],
    ];
    for (const [key, [min, max]] of checks) {
      const slot = this.device.slotOf(key);
      const index = slot.offset - write.start;
      const raw = write.values[index];
      if (write.registerType !== slot.registerType || raw === undefined) continue;
      const value = slot.dataType.decode([raw], { order: slot.order });
      if (typeof value === 'number' && (value < min || value > max)) return 3;
    }
    return null;
  }

  /** Alarm reset is a pulse: it clears latched alarms and drops back to 0. */
  private handleWrite(write: DeviceWrite): void {
    const reset = this.device.slotOf('alarmReset');
    if (write.registerType !== reset.registerType || write.start !== reset.offset || write.values[0] !== 1)
      return;
    this.device.setValue('lowWaterAlarm', 0);
    this.device.setValue('flameFailure', 0);
    this.device.setValue('alarmReset', 0);
  }
}
