/** The interval a report was configured with: each stored row covers one such window. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function IntervalTag({ minutes }: { minutes: number | undefined }) {
  const { t } = useTranslation();
  if (minutes === undefined) return null;
  return <Tag data-testid="report-interval">{t('report.interval', { count: minutes })}</Tag>;
}
