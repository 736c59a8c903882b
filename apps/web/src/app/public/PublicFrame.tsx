/**
 * The frame of the screens a visitor sees before or outside the console: sign-in, registration,
 * password recovery, help and download. Product name and language switch on top, links below.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import styles from './public.module.css';

export function PublicFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/login" className={styles.brand}>
          <img src="/favicon.svg" alt="" className={styles.logo} />
          <span>{t('common.productName')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main className={wide ? styles.mainWide : styles.main}>{children}</main>
      <footer className={styles.footer}>
        <span>{t('common.copyright')}</span>
        <Link to="/help/login">{t('routes.helpCenter')}</Link>
        <Link to="/download">{t('routes.download')}</Link>
      </footer>
    </div>
  );
}

/** A titled white card in the middle of the public frame. */
export function PublicCard({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.card}>
      <h1 className={styles.cardTitle}>{title}</h1>
      {extra}
      {children}
    </section>
  );
}
