/** Password recovery, step 3: done; sign in with the new password. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { FIRST_STEP_PATH, reachedStep } from './findpwd-steps.ts';

export default function FindpwdFinishPage() {
  const { t } = useTranslation();
  const location = useLocation();
  if (!reachedStep(location.state, 'finished')) return <Navigate to={FIRST_STEP_PATH} replace />;
  return (
    <Result
      status="success"
      title={t('findpwd.finishTitle')}
      subTitle={t('findpwd.finishText')}
      extra={
        <Link to="/login">
          <Button type="primary">{t('findpwd.goLogin')}</Button>
        </Link>
      }
    />
  );
}
