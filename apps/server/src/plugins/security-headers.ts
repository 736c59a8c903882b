/**
 * Headers that keep the console and the API from being framed, sniffed or made to run foreign
 * script. Console answers (pages and their files) carry a Content-Security-Policy suited to the
 * console: scripts only from this origin, no inline script or eval (WebAssembly may be compiled, for
 * the click-script sandbox); inline styles because Ant Design writes
 * its styles at run time; images and media from this origin, data: and blob: (designer and runtime
 * pages) and the hosts the operator configures (map tiles, cameras); connections to this origin and
 * its live WebSocket (and blob: objects the page made, for 3D model textures). API answers may not be framed at all. Answers that set their own policy
 * (served files) keep it.
 *
 * API answers are never stored by a browser or a shared cache (`Cache-Control: private, no-store`):
 * they carry one-time codes, secrets and personal data. An answer that is a public asset says so
 * itself (a design page's image sets its own `Cache-Control`), and keeps it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@lyyp/contracts';

export interface SecurityHeadersOptions {
  /** Extra image sources (map tiles), e.g. `https://tile.example.com`. */
  imgHosts: readonly string[];
  /** Extra audio and video sources (camera streams). */
  mediaHosts: readonly string[];
  /** Extra hosts the console may fetch from or open a WebSocket to. */
  connectHosts: readonly string[];
}

/** What an API answer may be kept as, unless it declares itself cacheable. */
export const API_CACHE_CONTROL = 'private, no-store';

/** API answers are data: nothing to run, nothing to frame. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

// A Host header as browsers send it; anything else is left out of the policy.
const HOST_PATTERN = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** The console's policy; the live channel is named by host because older browsers do not let 'self' cover ws:. */
export function consolePolicy(options: SecurityHeadersOptions, host: string | undefined): string {
  const live = host && HOST_PATTERN.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    // WebAssembly compilation only (click scripts run in QuickJS compiled to WASM); never eval of JavaScript.
    ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...options.imgHosts]],
    ['media-src', ["'self'", 'blob:', ...options.mediaHosts]],
    // blob: only reaches objects the page made itself: the scene widget's loader reads a model's
    // embedded textures through object URLs.
    ['connect-src', ["'self'", 'blob:', ...live, ...options.connectHosts]],
    ['font-src', ["'self'", 'data:']],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

const isApi = (request: FastifyRequest) => request.url.startsWith(API_PREFIX);
// The OpenAPI viewer brings its own inline script; it is a developer tool, framed by nobody either.
const isApiViewer = (request: FastifyRequest) => request.url === '/docs' || request.url.startsWith('/docs/');

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  (app: FastifyInstance, options) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-content-type-options', 'nosniff');
      const api = isApi(request);
      reply.header('x-frame-options', api ? 'DENY' : 'SAMEORIGIN');
      if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE_CONTROL);
      if (!reply.hasHeader('content-security-policy')) {
        if (api) reply.header('content-security-policy', API_POLICY);
        else if (!isApiViewer(request))
          reply.header('content-security-policy', consolePolicy(options, request.headers.host));
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
