/**
 * The WebSocket endpoint of the live channel. The session cookie signs the connection in. The
 * session is read again at once when its account's sessions or rights change (the live service
 * hears it on the bus), and every minute besides (idle and absolute expiry); the socket closes
 * (4001, the catalogue code as reason) as soon as the session has ended. A browser older than the
 * console supports is told 1602 and the socket closes (4003).
 */
import type { FastifyInstance } from 'fastify';
import { CatalogueError, SESSION_COOKIE, translateError } from '@lyyp/contracts';
import {
  LIVE_CLOSE_BAD_MESSAGE,
  LIVE_CLOSE_BROWSER_TOO_OLD,
  isBrowserTooOld,
  LIVE_CLOSE_SESSION_ENDED,
  liveClientMessageSchema,
  type LiveServerMessage,
} from '@lyyp/contracts/live';
import { sessionOf } from '../../plugins/session.ts';
import type { SessionService } from '../session/session.service.ts';
import type { LiveConnection, LiveService } from './live.service.ts';

const SESSION_RECHECK_MS = 60_000;

export function registerLiveRoutes(
  app: FastifyInstance,
  options: { live: LiveService; sessions: SessionService },
) {
  app.get(
    '/live',
    { websocket: true, preHandler: app.allow('device.values'), schema: { hide: true } },
    (socket, request) => {
      // §8 "browser version too old": the one place the platform sees a browser's own request.
      if (isBrowserTooOld(request.headers['user-agent'])) {
        socket.send(
          JSON.stringify({
            type: 'error',
            code: '1602',
            message: translateError('1602', request.locale),
          } satisfies LiveServerMessage),
        );
        socket.close(LIVE_CLOSE_BROWSER_TOO_OLD, '1602');
        return;
      }
      let account = sessionOf(request).account;
      const token = request.cookies[SESSION_COOKIE];
      const connection: LiveConnection = {
        account: () => account,
        locale: request.locale,
        send: (message: LiveServerMessage) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
        refresh: () => refresh(),
      };
      options.live.open(connection);

      const refresh = async (): Promise<boolean> => {
        try {
          account = (await options.sessions.resolve(token)).account;
          return true;
        } catch (error) {
          // Only a session that is gone closes the socket; a failed read is tried again later.
          if (!(error instanceof CatalogueError)) throw error;
          connection.send({
            type: 'error',
            code: error.code,
            message: translateError(error.code, request.locale),
          });
          socket.close(LIVE_CLOSE_SESSION_ENDED, error.code);
          return false;
        }
      };
      const recheck = setInterval(() => {
        refresh().catch((error: unknown) => request.log.warn({ err: error }, 'live session check failed'));
      }, SESSION_RECHECK_MS);

      socket.on('message', (data: Buffer) => {
        let parsed;
        try {
          parsed = liveClientMessageSchema.safeParse(JSON.parse(data.toString('utf8')));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) {
          connection.send({
            type: 'error',
            code: '1002',
            message: translateError('1002', request.locale, { field: 'message' }),
          });
          socket.close(LIVE_CLOSE_BAD_MESSAGE, '1002');
          return;
        }
        const message = parsed.data;
        if (message.type === 'ping') return connection.send({ type: 'pong', serverTime: Date.now() });
        if (message.type === 'unsubscribe') return options.live.unsubscribe(connection, message.deviceIds);
        options.live.subscribe(connection, message.deviceIds).catch((error: unknown) => {
          request.log.error({ err: error }, 'live subscription failed');
          connection.send({ type: 'error', code: '90099', message: translateError('90099', request.locale) });
        });
      });
      socket.on('close', () => {
        clearInterval(recheck);
        options.live.close(connection);
      });
    },
  );
}
