import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatTimeValue, pickerKindOf, toPickerInput, toTimeValue } from './time-value.ts';

describe('the time picker', () => {
  it('reads a written value back in its own format, for every format it offers', () => {
    const moment = dayjs('2026-03-04T05:06:07');
    const seconds = Math.floor(moment.valueOf() / 1000);
    expect(formatTimeValue('YYYY-MM-DD HH:mm', seconds)).toBe('2026-03-04 05:06');
    expect(formatTimeValue('YYYY-MM-DD', seconds)).toBe('2026-03-04');
    expect(formatTimeValue('YYYY-MM-DD HH:mm:ss', seconds)).toBe('2026-03-04 05:06:07');
    expect(formatTimeValue('HH:mm', 5 * 3600 + 6 * 60)).toBe('05:06');
    expect(formatTimeValue('YYYY/MM/DD', String(seconds))).toBe('2026/03/04');
  });

  it('shows nothing for no value or one that is not a time', () => {
    expect(formatTimeValue('HH:mm', undefined)).toBe('');
    expect(formatTimeValue('HH:mm', null)).toBe('');
    expect(formatTimeValue('HH:mm', 90_000)).toBe('');
    expect(formatTimeValue('YYYY-MM-DD', 'fault')).toBe('');
    expect(formatTimeValue('YYYY-MM-DD', true)).toBe('');
  });

  it('writes what it reads: the picker input and the written value go round', () => {
    for (const format of ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'HH:mm']) {
      const kind = pickerKindOf(format);
      const input = { 'datetime-local': '2026-03-04T05:06', date: '2026-03-04', time: '05:06' }[kind];
      const typed = format.includes('ss') ? `${input}:07` : input;
      const value = toTimeValue(kind, typed);
      expect(value).not.toBeNull();
      expect(toPickerInput(format, value)).toBe(typed);
    }
  });
});
