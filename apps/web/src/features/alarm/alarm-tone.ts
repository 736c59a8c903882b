/**
 * The audible cue of a new alarm: two short beeps made with WebAudio (no sound file to download).
 * Browsers start audio only after the person has interacted with the page; until then the tone is
 * silently skipped and the pop-up alone announces the alarm.
 */

/** Beeps of the cue: frequency (Hz), start and length (s) from the moment it plays. */
export const ALARM_TONE = [
  { frequency: 880, start: 0, length: 0.18 },
  { frequency: 660, start: 0.26, length: 0.18 },
] as const;
const VOLUME = 0.15;

type AudioContextClass = new () => AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor = (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
  if (!Constructor) return null;
  context = new Constructor();
  return context;
}

export function playAlarmTone(): void {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const now = audio.currentTime;
  for (const beep of ALARM_TONE) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = beep.frequency;
    // A short ramp in and out, so the beep does not click.
    gain.gain.setValueAtTime(0, now + beep.start);
    gain.gain.linearRampToValueAtTime(VOLUME, now + beep.start + 0.02);
    gain.gain.linearRampToValueAtTime(0, now + beep.start + beep.length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now + beep.start);
    oscillator.stop(now + beep.start + beep.length + 0.02);
  }
}
