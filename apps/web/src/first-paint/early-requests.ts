import type { RuntimeConfig } from '../config/runtime-config-schema';
import { earlyAccessToken, SESSION_COOKIE, startEarlyRequests, STORED_AUTH_KEY } from '../lib/early-answers';
import { dashboardEarlyRequestUrls } from '../features/applications/api/early-requests';

/*
 * The inline script of the signed-in dashboard's page (docs/decisions/0466), compiled on its own by the
 * portal's server (server/page-html.ts) and not part of the app's bundle. It runs right after the run-time
 * settings, as the head is parsed: with a stored candidate session it asks the candidate service for what
 * the page shows first (lib/early-answers.ts), while the page's scripts download. Nothing it does can stop
 * the page: any failure leaves the app to ask as it always did.
 */
try {
  const config = (window as unknown as { __PORTAL_CONFIG__: RuntimeConfig }).__PORTAL_CONFIG__;
  const urls = dashboardEarlyRequestUrls(config.candidateBaseUrl, location.pathname, location.search);
  const token = urls.length
    ? earlyAccessToken(
        localStorage.getItem(STORED_AUTH_KEY),
        document.cookie.split('; ').includes(SESSION_COOKIE),
        Date.now(),
      )
    : null;
  if (token) startEarlyRequests(urls, token);
} catch {
  // Storage blocked, an old browser: the app asks for its data itself.
}
