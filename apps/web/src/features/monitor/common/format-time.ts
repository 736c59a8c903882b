/** Times as the console shows them: local date and time to the second, or a dash. */
import dayjs from 'dayjs';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatTime(value: string | number | Date | null | undefined): string {
  return value === null || value === undefined ? '—' : dayjs(value).format(TIME_FORMAT);
}
