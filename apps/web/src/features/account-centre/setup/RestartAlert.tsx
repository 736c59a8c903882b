/** A set step whose identity check is missing or expired (1124, 1125): back to the verify step. */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/index.ts';
import type { SecurityTarget } from '../../../api/account-centre.api.ts';
import { validatePathOf } from './setup-target.ts';

const RESTART_CODES: ReadonlySet<string> = new Set(['1124', '1125']);

export function needsRestart(error: unknown): boolean {
  return isApiError(error) && RESTART_CODES.has(error.code);
}

export function RestartAlert({ target }: { target: SecurityTarget }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('accountCentre.setup.restart')}
      action={<Link to={validatePathOf(target)}>{t('accountCentre.setup.steps.validate')}</Link>}
    />
  );
}
