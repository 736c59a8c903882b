/**
 * Registers the designer and file paths on a platform built by `buildApp` when the application
 * does not register them itself yet; once it does, this changes nothing.
 */
import { API_PREFIX } from '@lyyp/contracts';
import type { AppDependencies, Platform } from '../../app.ts';
import { registerFileRoutes } from '../files/index.ts';
import { registerDesignerRoutes } from './index.ts';

type BuildApp = (deps: AppDependencies) => Promise<Platform>;

export function withPageRoutes(buildApp: BuildApp): BuildApp {
  return async (deps) => {
    const platform = await buildApp(deps);
    if (!platform.app.hasRoute({ method: 'POST', url: `${API_PREFIX}/product/page/list` })) {
      await platform.app.register(
        (api, _options, done) => {
          registerDesignerRoutes(api, {
            db: deps.database.db,
            findVisibleDevice: (account, id) =>
              platform.catalogue.deviceAccess.findVisibleDevice(account, id),
            now: deps.clock,
          });
          registerFileRoutes(api, { db: deps.database.db, dataDir: deps.config.dataDir });
          done();
        },
        { prefix: API_PREFIX },
      );
    }
    return platform;
  };
}
