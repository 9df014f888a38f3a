/**
 * Small bodies before a session (docs/decisions/027): on the back-office, a request without a live
 * staff session may send no more than the sign-in form needs (64 KB); the 21 MB of document
 * uploads and import files are for signed-in staff only. Decided from the request's head, before
 * a byte of the body is read:
 * - a body declared within the signed-out limit, or a request without a staff session cookie,
 *   is guarded at the signed-out limit at once (a larger declared length is answered 413 at once);
 * - otherwise (a cookie, and a body that may be bigger) the session is checked first (its signature,
 *   then the database: not expired, not revoked, account not disabled) while the body waits unread
 *   in Node's buffers (at most their high-water mark); the guard then gets the staff limit, or the
 *   signed-out one.
 */
import { bodyLimit } from './body-limits.mjs';
import { guardBody, hasBody } from './slow-clients.mjs';

/** Better Auth's session cookie of this app (cookiePrefix 'staff'), with or without __Secure-. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?staff\.session_token=[^;\s]/;

export function hasSessionCookie(cookieHeader) {
  return typeof cookieHeader === 'string' && SESSION_COOKIE.test(cookieHeader);
}

/**
 * Guards the body of `req` at the limit its path and session allow, then calls `proceed()` unless
 * the request was answered (413 or 408). `isStaff(cookieHeader)` tells whether the cookie is a live
 * staff session; it is asked only when the answer could change the limit.
 */
export function admitBody(req, res, pathname, { isStaff, limits = {} }, proceed) {
  const signedOut = bodyLimit(pathname) ?? Number.POSITIVE_INFINITY;
  const signedIn = bodyLimit(pathname, { staff: true }) ?? Number.POSITIVE_INFINITY;
  const declared = Number(req.headers['content-length']);
  const mayNeedMore = signedIn > signedOut && hasBody(req) && !(Number.isFinite(declared) && declared <= signedOut);
  if (!mayNeedMore || !hasSessionCookie(req.headers.cookie)) {
    if (!guardBody(req, res, { ...limits, maxBytes: signedOut })) proceed();
    return;
  }
  Promise.resolve()
    .then(() => isStaff(req.headers.cookie))
    .catch(() => false)
    .then((staff) => {
      if (res.headersSent || req.socket.destroyed) return;
      if (!guardBody(req, res, { ...limits, maxBytes: staff === true ? signedIn : signedOut })) proceed();
    });
}
