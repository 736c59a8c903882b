/**
 * Cross-site request forgery defence beyond SameSite=Lax (which lets a page on another port of the
 * same host send the session cookie): a state-changing request — any method but GET, HEAD and
 * OPTIONS, and every WebSocket handshake — is refused with 1012 when the browser says another site
 * or another origin sent it.
 *
 * - `Sec-Fetch-Site` (set by the browser, never by a page) decides when present: `same-origin` and
 *   `none` (the person typed or bookmarked it) pass, `same-site` and `cross-site` are refused.
 * - Otherwise `Origin` decides when present: it must be this server's own origin as the request
 *   names it (scheme and Host, both as forwarded by a trusted proxy with TRUST_PROXY) or the
 *   origin of PUBLIC_URL; `null` (a sandboxed frame, a file) is refused.
 * - A request with neither header is not from a browser page (gateways, broker hooks, scripts,
 *   tests through `app.inject`) and passes: browsers send `Origin` on every state-changing
 *   cross-origin request.
 *
 * The console's development server proxies without changing Host, so its requests are same-origin.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueError } from '@lyyp/contracts';

export interface RequestOriginOptions {
  /** PUBLIC_URL: the address people open the console at, when it differs from what requests name. */
  publicUrl: string | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a request changes state (or opens a live channel) in a browser's sense. */
function changesState(request: FastifyRequest): boolean {
  if (!SAFE_METHODS.has(request.method)) return true;
  return headerOf(request, 'upgrade')?.toLowerCase() === 'websocket';
}

/** The origin this request was sent to, as a browser would write it in `Origin`. */
function ownOriginOf(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host) return null;
  try {
    // Through URL, so a default port the Host header names (":80") is left out as browsers do.
    return new URL(`${request.protocol}://${host}`).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** Why a request is refused as sent by another site or origin, or null when it may go on. */
export function foreignRequestReason(request: FastifyRequest, publicOrigin: string | null): string | null {
  if (!changesState(request)) return null;
  const site = headerOf(request, 'sec-fetch-site')?.toLowerCase();
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : `sec-fetch-site ${site}`;
  const origin = headerOf(request, 'origin')?.toLowerCase();
  if (origin === undefined) return null;
  if (origin === publicOrigin || origin === ownOriginOf(request)) return null;
  return `origin ${origin}`;
}

export const requestOriginPlugin = fp<RequestOriginOptions>(
  (app: FastifyInstance, options) => {
    const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin.toLowerCase() : null;
    app.addHook('onRequest', (request, _reply, done) => {
      const reason = foreignRequestReason(request, publicOrigin);
      if (reason === null) {
        done();
        return;
      }
      request.log.warn({ reason, url: request.url }, 'request from another site refused');
      done(new CatalogueError('1012'));
    });
  },
  { name: 'request-origin' },
);
