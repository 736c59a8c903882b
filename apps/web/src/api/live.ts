/** The tab's one live channel client, on the page's own origin (the dev server proxies it). */
import { LIVE_PATH } from '@lyyp/contracts/live';
import { leaveForSignIn } from './instance.ts';
import { createLiveClient } from './live-client.ts';
import { policyApi } from './policy.api.ts';

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${LIVE_PATH}`;
}

export const liveClient = createLiveClient({
  url: liveUrl,
  createSocket: (url) => new WebSocket(url),
  timers: {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  },
  now: () => Date.now(),
  // The server closes the socket when the session ends (signed out, password changed, account
  // disabled or deleted, sessions replaced): straight to the sign-in page.
  onSessionEnded: leaveForSignIn,
  // An upgrade that failed before opening: the server refuses live values to an account whose codes
  // do not allow them (403), and the policy's answer says so; no retrying then.
  mayConnect: () => policyApi.capabilities().then((answer) => answer.actions.includes('device.values')),
});
