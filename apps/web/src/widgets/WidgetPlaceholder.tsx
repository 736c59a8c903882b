/** What the page shows for a widget type whose renderer is not built yet: marked, never blank. */
import type { Locale } from '@lyyp/contracts';
import type { LeafWidgetType } from '@lyyp/contracts/designer';
import { getWidgetDefinition } from '@lyyp/designer-core';
import { useTranslation } from 'react-i18next';
import styles from './widgets.module.css';

export function WidgetPlaceholder({ type, locale }: { type: LeafWidgetType; locale: Locale }) {
  const { t } = useTranslation();
  const label = getWidgetDefinition(type).label;
  return (
    <div className={styles.placeholder} data-placeholder={type}>
      <span className={styles.placeholderTitle}>{locale === 'en-US' ? label.en : label.zh}</span>
      <span>{t('designer.widget.notBuilt', { lng: locale })}</span>
    </div>
  );
}
