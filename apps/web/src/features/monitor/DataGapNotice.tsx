/**
 * The gaps in a history range, said plainly above the table or the curve: when, how many points
 * and which variables a gateway could not keep (its disk budget was exceeded while it was offline).
 */
import type { HistoryGap } from '@lyyp/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInstant } from './common/format-time.ts';

export function DataGapNotice({
  gaps,
  nameOf,
}: {
  gaps: readonly HistoryGap[] | undefined;
  nameOf: (key: string) => string;
}) {
  const { t } = useTranslation();
  if (!gaps || gaps.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="history-gaps"
      title={t('monitor.gaps.title', { count: gaps.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {gaps.map((gap) => (
            <li key={`${gap.from}-${gap.to}`}>
              {t('monitor.gaps.line', {
                from: formatInstant(gap.from),
                to: formatInstant(gap.to),
                lost: gap.lost,
                variables:
                  gap.keys === null ? t('monitor.gaps.allVariables') : gap.keys.map(nameOf).join(', '),
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
