/** The 404 screen: unknown paths are redirected here. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findHomePath } from '../../app/landing.ts';
import { useSessionStore } from '../../app/session-store.ts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const home = user ? findHomePath(user) : '/login';
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.text')}
      extra={
        <Link to={home}>
          <Button type="primary">{user ? t('common.backHome') : t('common.backToLogin')}</Button>
        </Link>
      }
    />
  );
}
