/** The sign-in screen (§2 /login, /login.jsp): account and password, or SMS code. */
import { AlertOutlined, ApiOutlined, LayoutOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PublicFrame } from '../../app/public/PublicFrame.tsx';
import styles from './auth.module.css';
import { PasswordLoginForm } from './PasswordLoginForm.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <PublicFrame wide>
      <div className={styles.login}>
        <aside className={styles.brandPanel}>
          <h2 className={styles.brandTitle}>{t('common.productName')}</h2>
          <p className={styles.brandTagline}>{t('auth.tagline')}</p>
          <ul className={styles.brandPoints}>
            <li>
              <ApiOutlined /> {t('auth.points.collect')}
            </li>
            <li>
              <AlertOutlined /> {t('auth.points.alarm')}
            </li>
            <li>
              <LayoutOutlined /> {t('auth.points.design')}
            </li>
          </ul>
        </aside>
        <section className={styles.formPanel}>
          <h1 className={styles.formTitle}>{t('auth.welcome')}</h1>
          <Tabs
            defaultActiveKey="password"
            destroyOnHidden
            items={[
              { key: 'password', label: t('auth.passwordTab'), children: <PasswordLoginForm /> },
              { key: 'sms', label: t('auth.smsTab'), children: <SmsLoginForm /> },
            ]}
          />
          <div className={styles.links}>
            <span>
              {t('auth.noAccount')} <Link to={`/account/register${search}`}>{t('auth.register')}</Link>
            </span>
            <Link to="/findpwd">{t('auth.forgot')}</Link>
          </div>
        </section>
      </div>
    </PublicFrame>
  );
}
