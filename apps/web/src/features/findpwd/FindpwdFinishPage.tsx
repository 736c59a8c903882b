/** Password recovery, step 3: done; sign in with the new password. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function FindpwdFinishPage() {
  const { t } = useTranslation();
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
