/** Stands in for a screen that is not built yet, saying so plainly and naming the screen. */
import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findHomePath } from '../../app/landing.ts';
import { useConsoleArea, useRouteLeaf } from '../../app/route-handle.ts';
import { useSessionStore } from '../../app/session-store.ts';

export default function PlaceholderPage() {
  const { t } = useTranslation();
  const leaf = useRouteLeaf();
  const area = useConsoleArea();
  const user = useSessionStore((state) => state.user);
  const screen = leaf ? t(`routes.${leaf.name}`) : '';
  // Full-window screens (the designer) have no menu, so they offer the way back.
  const back =
    area || !user ? null : (
      <Link to={findHomePath(user)}>
        <Button type="primary">{t('common.backHome')}</Button>
      </Link>
    );
  return (
    <Card variant="borderless" data-testid="placeholder-page">
      <Result
        icon={<ToolOutlined style={{ color: '#8c8c8c' }} />}
        title={t('placeholder.title')}
        subTitle={t('placeholder.text', { screen })}
        extra={back}
      />
    </Card>
  );
}
