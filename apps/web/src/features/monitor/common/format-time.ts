/** Times as the console shows them: local date and time to the second, or a dash. */
import dayjs from 'dayjs';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatTime(value: string | number | Date | null | undefined): string {
  return value === null || value === undefined ? '—' : dayjs(value).format(TIME_FORMAT);
}

/** History rows are stored instants: their times keep the milliseconds. */
export const INSTANT_FORMAT = 'YYYY-MM-DD HH:mm:ss.SSS';

export function formatInstant(value: number): string {
  return dayjs(value).format(INSTANT_FORMAT);
}
