/**
 * What a signed-in person sees on a screen their permissions do not cover (403): the catalogue's
 * "no relevant permissions", which screen it was, who can change that, and the way home (the home
 * of their account, `landing.ts`) or back. Inside a console area it fills the content of the frame,
 * so the header and the side menu stay; on a full-window screen it stands alone.
 */
import { Button, Card, Result, Space } from 'antd';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocaleStore } from '../i18n.ts';
import { findHomePath } from '../landing.ts';
import { translateCatalogue } from '../messages.ts';
import { useRouteLeaf } from '../route-handle.ts';
import { useSessionStore } from '../session-store.ts';

/** Set by the route guard when the screen inside the console frame is forbidden. */
export const ForbiddenContext = createContext(false);

export function useScreenForbidden(): boolean {
  return useContext(ForbiddenContext);
}

export function ForbiddenScreen() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const user = useSessionStore((state) => state.user);
  const leaf = useRouteLeaf();
  const navigate = useNavigate();
  const screen = leaf?.titled ? t(`routes.${leaf.name}`) : '';
  return (
    <Card variant="borderless" data-testid="forbidden-page">
      <Result
        status="403"
        title={translateCatalogue('1201', locale)}
        subTitle={screen ? t('guard.forbiddenHint', { screen }) : null}
        extra={
          <Space>
            <Link to={user ? findHomePath(user) : '/login'}>
              <Button type="primary">{t('common.backHome')}</Button>
            </Link>
            <Button onClick={() => void navigate(-1)}>{t('guard.back')}</Button>
          </Space>
        }
      />
    </Card>
  );
}
