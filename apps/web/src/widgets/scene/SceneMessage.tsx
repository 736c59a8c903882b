/** The message a scene widget shows instead of (or while waiting for) its model. */
import { DeploymentUnitOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './scene-widget.module.css';

export type SceneState = 'empty' | 'loading' | 'ready' | 'failed' | 'no-webgl';

const TEXT_KEYS: Readonly<Record<Exclude<SceneState, 'ready'>, string>> = {
  empty: 'widgetMedia.scene.empty',
  loading: 'widgetMedia.scene.loading',
  failed: 'widgetMedia.scene.failed',
  'no-webgl': 'widgetMedia.scene.noWebgl',
};

export function SceneMessage({ state, lng }: { state: Exclude<SceneState, 'ready'>; lng: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.message} data-scene-message={state}>
      <DeploymentUnitOutlined className={styles.messageIcon} />
      <span>{t(TEXT_KEYS[state], { lng })}</span>
    </div>
  );
}
