/**
 * Builds the browser router from the route table: redirects run as loaders (before any screen or
 * guard sees them), screens load lazily, console areas and the findpwd steps get their frames, and
 * one root element adds the login guard, page titles, scrolling to the top and the development badge.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AppRoot, RouteErrorView } from './AppRoot.tsx';
import { PageSpinner, lazyPage } from './lazy-page.tsx';
import { PAGES } from './pages.ts';
import type { RouteHandle } from './route-handle.ts';
import { ROUTE_TABLE, type RouteDefinition } from './route-table.ts';

const ConsoleFrame = lazyPage(() => import('./console/ConsoleLayout.tsx'));

const FindpwdFrame = lazyPage(() => import('../features/findpwd/FindpwdFrame.tsx'));

function screenOf(definition: RouteDefinition): ComponentType | undefined {
  if (definition.page) return PAGES[definition.page];
  if (definition.layout) return ConsoleFrame;
  if (definition.frame === 'findpwd') return FindpwdFrame;
  return undefined;
}

function redirectLoader(target: NonNullable<RouteDefinition['redirectTo']>) {
  return ({ params }: LoaderFunctionArgs) => redirect(typeof target === 'function' ? target(params) : target);
}

export function toRouteObject(definition: RouteDefinition): RouteObject {
  const handle: RouteHandle = {
    name: definition.name,
    titled: Boolean(definition.page),
    ...(definition.permission ? { permission: definition.permission } : {}),
    ...(definition.layout ? { area: definition.layout } : {}),
  };
  const Screen = screenOf(definition);
  const shared = {
    handle,
    ...(Screen ? { Component: Screen } : {}),
    ...(definition.redirectTo ? { loader: redirectLoader(definition.redirectTo) } : {}),
  };
  if (definition.index) return { ...shared, index: true };
  return { ...shared, path: definition.path, children: definition.children?.map(toRouteObject) };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: AppRoot,
      errorElement: <RouteErrorView />,
      hydrateFallbackElement: <PageSpinner />,
      children: ROUTE_TABLE.map(toRouteObject),
    },
  ]);
}
