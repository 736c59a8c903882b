/**
 * A time range of at most 30 days (the contract's `checkQueryRange`), the last 7 days unless
 * changed, with its picker and the catalogue's complaint when it is too long. Log screens filter by it.
 */
import { checkQueryRange, MAX_QUERY_RANGE_DAYS } from '@lyyp/contracts';
import { DatePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLocaleStore } from '../app/i18n.ts';
import { describeViolation } from '../features/monitor/common/catalogue-text.ts';

export interface QueryRange {
  start: number;
  end: number;
  /** Whether the range may be asked for (not longer than allowed). */
  valid: boolean;
  picker: (props: { label: string; onChange?: () => void }) => React.ReactNode;
  /** The complaint about the range, or null. */
  complaint: React.ReactNode;
}

export function useQueryRange(): QueryRange {
  const locale = useLocaleStore((state) => state.locale);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(7, 'day'),
    dayjs().add(1, 'minute'),
  ]);
  const start = range[0].valueOf();
  const end = range[1].valueOf();
  const violation = checkQueryRange({ start, end });
  return {
    start,
    end,
    valid: violation === null,
    picker: ({ label, onChange }) => (
      <DatePicker.RangePicker
        showTime
        allowClear={false}
        value={range}
        aria-label={label}
        onChange={(next) => {
          if (next?.[0] && next[1]) setRange([next[0], next[1]]);
          onChange?.();
        }}
      />
    ),
    complaint: violation ? (
      <Typography.Paragraph type="danger">
        {describeViolation(
          { ...violation, params: { ...violation.params, days: MAX_QUERY_RANGE_DAYS } },
          locale,
        )}
      </Typography.Paragraph>
    ) : null,
  };
}
