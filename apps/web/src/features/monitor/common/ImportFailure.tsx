/**
 * A refused sheet import: the platform imports all rows or none, and names the row and column at
 * fault (`rows.3.sn`), shown here in the reader's words with the catalogue's reason.
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/index.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { labelFieldPath, useDescribeFailure } from './catalogue-text.ts';
import { readImportRow } from './import-row.ts';

export function ImportFailure(props: {
  error: unknown;
  /** Text with `row` and `column` for a refusal that names its row. */
  rowErrorKey: string;
  /** Text for any other refusal. */
  failedKey: string;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  if (!props.error) return null;
  const failedRow = isApiError(props.error) ? readImportRow(props.error.field) : null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={
        failedRow
          ? t(props.rowErrorKey, { row: failedRow.row, column: labelFieldPath(failedRow.column, locale) })
          : t(props.failedKey)
      }
      description={describeFailure(props.error)}
    />
  );
}
