/** What each React Router route carries from the route table, and how screens read it. */
import { useMatches } from 'react-router';
import type { ConsoleArea } from './route-table.ts';

export interface RouteHandle {
  name: string;
  permission?: string;
  /** Screens (not frames or redirects) give the page its title. */
  titled: boolean;
  /** Set on the frame route of a console area. */
  area?: ConsoleArea;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'titled' in value;
}

/** The handle of the innermost matched screen. */
export function useRouteLeaf(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** The console area whose frame wraps the current screen. */
export function useConsoleArea(): ConsoleArea | undefined {
  const matches = useMatches();
  for (const match of matches) {
    if (isRouteHandle(match.handle) && match.handle.area) return match.handle.area;
  }
  return undefined;
}
