/**
 * Stopping the production server (scripts/server.mjs) without cutting anyone off: on SIGTERM or
 * SIGINT it stops accepting connections, closes the idle keep-alive ones, lets the requests under
 * way finish (answering them with `Connection: close`), then closes the database and exits 0. A
 * request still running after the grace period is cut and the process exits 1.
 */

/** Longer than our slowest page, shorter than the 30 s an orchestrator waits before SIGKILL. */
export const GRACE_MS = 25_000;

/**
 * Tracks `server`'s requests so that `stop()` can wait for them. Call once, before `listen`.
 * `stop({ graceMs, close })` resolves `{ forced }` after `close()` (the database) has run.
 */
export function gracefulShutdown(server) {
  let stopping = null;
  let active = 0;
  server.on('request', (req, res) => {
    active += 1;
    if (stopping) res.setHeader('connection', 'close');
    res.once('close', () => {
      active -= 1;
      // Its connection is idle now: let it go instead of waiting for its keep-alive timeout.
      if (stopping) server.closeIdleConnections();
    });
  });

  function stop({ graceMs = GRACE_MS, close = async () => undefined } = {}) {
    stopping ??= (async () => {
      let forced = false;
      const closed = new Promise((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => {
        forced = true;
        console.warn(`[server] ${active} request(s) still running after ${graceMs / 1000} s: cut off`);
        server.closeAllConnections();
      }, graceMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
      await close();
      return { forced };
    })();
    return stopping;
  }

  return { stop, get active() { return active; } };
}
