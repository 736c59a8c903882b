import { describe, expect, it } from 'vitest';
import { alarmNoticeText } from './message-template.ts';
import { maskPhone, phoneSearchDigits } from './recipient.ts';
import { recordTextIn } from './record.ts';

describe('recipient privacy', () => {
  it('masks all but the first three and last four digits of a phone', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+8613812345678')).toBe('+86****5678');
    expect(maskPhone('12345')).toBe('***45');
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone('')).toBeNull();
  });

  it('searches phones only by a whole number or its last four digits', () => {
    expect(phoneSearchDigits(' 5678 ')).toBe('5678');
    expect(phoneSearchDigits('13812345678')).toBe('13812345678');
    expect(phoneSearchDigits('12345')).toBeNull();
    expect(phoneSearchDigits('1234567')).toBeNull();
    expect(phoneSearchDigits('wang')).toBeNull();
  });
});

describe('alarm texts per language', () => {
  const record = {
    name: '高温',
    message: '锅炉 高温：出水温度 当前值 95℃',
    texts: {
      'zh-CN': { name: '高温', message: '锅炉 高温：出水温度 当前值 95℃' },
      'en-US': { name: '高温', message: '锅炉 高温: 出水温度 is 95℃' },
    },
  };

  it('picks the reader’s language, and the stored text when a record has no texts', () => {
    expect(recordTextIn(record, 'en-US').message).toBe('锅炉 高温: 出水温度 is 95℃');
    expect(recordTextIn({ name: 'n', message: 'm' }, 'en-US')).toEqual({ name: 'n', message: 'm' });
  });

  it('words alarm and release notices in each language', () => {
    expect(alarmNoticeText('alarm', '1号锅炉', record.texts['zh-CN'], 'zh-CN')).toEqual({
      title: '【报警】1号锅炉 高温',
      text: '锅炉 高温：出水温度 当前值 95℃',
    });
    expect(alarmNoticeText('release', '1号锅炉', record.texts['en-US'], 'en-US')).toEqual({
      title: '[Alarm released] 1号锅炉 高温',
      text: '锅炉 高温: 出水温度 is 95℃ (released)',
    });
  });
});
