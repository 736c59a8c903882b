/** The screen behind each page id of the route table, each in its own chunk. */
import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page.tsx';
import type { PageId } from './route-table.ts';

export const PAGES: Readonly<Record<PageId, ComponentType>> = {
  login: lazyPage(() => import('../features/auth/LoginPage.tsx')),
  register: lazyPage(() => import('../features/account/RegisterPage.tsx')),
  first: lazyPage(() => import('../features/account/FirstTimePage.tsx')),
  findpwdTel: lazyPage(() => import('../features/findpwd/FindpwdTelPage.tsx')),
  findpwdPassword: lazyPage(() => import('../features/findpwd/FindpwdPasswordPage.tsx')),
  findpwdFinish: lazyPage(() => import('../features/findpwd/FindpwdFinishPage.tsx')),
  notFound: lazyPage(() => import('../features/notfound/NotFoundPage.tsx')),
  download: lazyPage(() => import('../features/download/DownloadPage.tsx')),
  help: lazyPage(() => import('../features/help/HelpPage.tsx')),
  placeholder: lazyPage(() => import('../features/placeholder/PlaceholderPage.tsx')),
};
