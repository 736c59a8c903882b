/** A small corner badge on development hostnames, so nobody mistakes a test system for production. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDevelopmentHost } from './development-host.ts';

export function DevelopmentBadge() {
  const { t } = useTranslation();
  if (!isDevelopmentHost(window.location.hostname)) return null;
  return (
    <Tag color="orange" className="development-badge" data-testid="development-badge">
      {t('common.development')}
    </Tag>
  );
}
