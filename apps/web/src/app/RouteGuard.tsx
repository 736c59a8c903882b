/** Applies the login guard's decision (route-guard.ts) to the current navigation. */
import { Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ForbiddenContext, ForbiddenScreen } from './console/ForbiddenScreen.tsx';
import { useConsoleArea, useRouteLeaf } from './route-handle.ts';
import { decideAccess } from './route-guard.ts';
import { useSessionStore } from './session-store.ts';
import { loadAccountInfo } from './use-session.ts';

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const leaf = useRouteLeaf();
  const { user, auths, signIn } = useSessionStore();
  const area = useConsoleArea();
  const { t } = useTranslation();
  // The navigation (by location key) whose user-info fetch failed; a new navigation tries again.
  const [failedNavigation, setFailedNavigation] = useState<string | null>(null);

  const decision = decideAccess({
    routeName: leaf?.name,
    wantedPath: `${location.pathname}${location.search}${location.hash}`,
    permission: leaf?.permission,
    signedIn: user !== null,
    needsCompletion: user?.needsCompletion ?? false,
    mustChangePassword: user?.mustChangePassword ?? false,
    auths,
    userInfoFailed: failedNavigation === location.key,
  });

  const loading = decision.kind === 'loadUserInfo';
  useEffect(() => {
    if (!loading) return;
    let current = true;
    loadAccountInfo().then(
      (info) => {
        if (current) signIn(info);
      },
      () => {
        if (current) setFailedNavigation(location.key);
      },
    );
    return () => {
      current = false;
    };
  }, [loading, location.key, signIn]);

  switch (decision.kind) {
    case 'allow':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'forbidden':
      // Inside a console area the frame stays (header, menus) and shows the 403 as its content.
      return area ? (
        <ForbiddenContext.Provider value>{children}</ForbiddenContext.Provider>
      ) : (
        <ForbiddenScreen />
      );
    case 'loadUserInfo':
      return (
        <div className="page-spinner">
          <Spin size="large" description={t('guard.loading')}>
            <div className="page-spinner-tip" />
          </Spin>
        </div>
      );
  }
}
