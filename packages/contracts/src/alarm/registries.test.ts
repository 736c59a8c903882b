import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../errors/index.ts';
import {
  ALARM_CHANNELS,
  ALARM_CHANNEL_DEFINITIONS,
  ALARM_CONDITION_DEFINITIONS,
  ALARM_OPERATORS,
  ALARM_RECORD_TYPES,
  ALARM_RECORD_TYPE_NAMES,
  ALARM_RELEASE_REASONS,
  ALARM_STATES,
  CONDITION_SCOPE_NAMES,
  MESSAGE_TYPES,
  MESSAGE_TYPE_DEFINITIONS,
  SIM_CARD_STATUSES,
} from './index.ts';

const named = (entry: { zh: string; en: string }) => entry.zh.trim() !== '' && entry.en.trim() !== '';

describe('alarm registries', () => {
  it('defines every channel completely', () => {
    for (const code of ALARM_CHANNELS) {
      const definition = ALARM_CHANNEL_DEFINITIONS[code];
      expect(definition.code).toBe(code);
      expect(named(definition.name), code).toBe(true);
      // A group channel has its own target, so it needs settings; a person channel reaches the person.
      expect(definition.settingsSchema !== null, code).toBe(definition.audience === 'group');
    }
    expect(Object.keys(ALARM_CHANNEL_DEFINITIONS).sort()).toEqual([...ALARM_CHANNELS].sort());
  });

  it('defines every condition with formulas over the scope names only', () => {
    const identifiers = /[A-Za-z_][A-Za-z0-9_]*/g;
    const functions = new Set(['bit']);
    for (const operator of ALARM_OPERATORS) {
      const definition = ALARM_CONDITION_DEFINITIONS[operator];
      expect(definition.operator).toBe(operator);
      expect(named(definition.name), operator).toBe(true);
      for (const formula of [definition.raise, definition.release]) {
        for (const [name] of formula.matchAll(identifiers)) {
          expect(
            functions.has(name) || (CONDITION_SCOPE_NAMES as readonly string[]).includes(name),
            name,
          ).toBe(true);
        }
      }
      // Only conditions with a "near" take a dead band, and those must use it when releasing.
      expect(definition.release.includes('band'), operator).toBe(definition.deadBand);
    }
  });

  it('names every record type, release reason, state, message type and SIM status in both languages', () => {
    for (const type of ALARM_RECORD_TYPES) expect(named(ALARM_RECORD_TYPE_NAMES[type])).toBe(true);
    for (const entry of Object.values(ALARM_RELEASE_REASONS)) expect(named(entry)).toBe(true);
    for (const entry of Object.values(ALARM_STATES)) expect(named(entry)).toBe(true);
    for (const type of MESSAGE_TYPES) expect(named(MESSAGE_TYPE_DEFINITIONS[type].name)).toBe(true);
    for (const entry of Object.values(SIM_CARD_STATUSES)) expect(named(entry)).toBe(true);
  });

  it('has catalogue texts for the alarm error codes', () => {
    for (let code = 2101; code <= 2115; code += 1)
      expect(Object.keys(ERROR_CATALOGUE)).toContain(String(code));
  });
});
