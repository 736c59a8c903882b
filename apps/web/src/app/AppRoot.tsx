/** The element around every route: guard, title, scroll position, session refresh, environment badge. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { ScreenErrorView } from './ChunkErrorBoundary.tsx';
import { DevelopmentBadge } from './DevelopmentBadge.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { useRouteLeaf } from './route-handle.ts';
import { useSessionRefresh } from './use-session.ts';

/** §2: every navigation starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** §1: the shell sets the page title, "<screen> - LYYP", in the console's language. */
function DocumentTitle() {
  const leaf = useRouteLeaf();
  const { t } = useTranslation();
  const title = leaf?.titled ? t(`routes.${leaf.name}`) : '';
  useEffect(() => {
    document.title = title ? `${title} - LYYP` : 'LYYP';
  }, [title]);
  return null;
}

export function AppRoot() {
  useSessionRefresh();
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
      <DevelopmentBadge />
    </>
  );
}

export function RouteErrorView() {
  return <ScreenErrorView error={useRouteError()} />;
}
