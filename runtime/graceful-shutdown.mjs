/**
 * Stopping the production server (runtime/server.mjs) without cutting anyone off: on SIGTERM or
 * SIGINT it stops accepting connections, closes the idle keep-alive ones, lets the requests under
 * way finish (answering them with `Connection: close`), then closes the database and exits 0. A
 * request still running after the grace period is cut and the process exits 1.
 *
 * A connection accepted before the signal whose request the server has not read yet (the event
 * loop was busy: under load, a second can pass between accept and parse) is not idle: its request
 * is on its way, so it gets FRESH_GRACE_MS to arrive and is then served like the others. Node's own
 * `server.close()` (since Node 19) and `closeIdleConnections()` would reset it.
 */
import net from 'node:net';

/** Longer than our slowest page, shorter than the 30 s an orchestrator waits before SIGKILL. */
export const GRACE_MS = 25_000;
/** How long a connection that has not sent a whole request head yet may still send it. */
export const FRESH_GRACE_MS = 2_000;
/**
 * How long the server still accepts connections after the signal. Clients that connected just
 * before it may still wait in the kernel's queue (the event loop busy rendering): closing the
 * listening socket resets them. Their connections are taken, and answered with Connection: close.
 * (A load balancer also keeps sending for a moment after a process is told to stop.)
 */
export const ACCEPT_MS = 1_000;

/**
 * Tracks `server`'s requests so that `stop()` can wait for them. Call once, before `listen`.
 * `stop({ graceMs, freshGraceMs, close })` resolves `{ forced }` after `close()` (the database) has run.
 */
export function gracefulShutdown(server) {
  let stopping = null;
  let active = 0;
  /** Each open connection: how many requests it has begun, how many are not answered yet. */
  const connections = new Map();
  server.on('connection', (socket) => {
    connections.set(socket, { begun: 0, open: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // Before the app's own handler, which may answer at once (then no header can be added).
  server.prependListener('request', (req, res) => {
    active += 1;
    const connection = connections.get(req.socket);
    if (connection) {
      connection.begun += 1;
      connection.open += 1;
    }
    if (stopping && !res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      active -= 1;
      if (connection) connection.open -= 1;
      // Its connection is idle now: let it go instead of waiting for its keep-alive timeout.
      if (stopping) closeIdle(false);
    });
  });

  /** Closes the connections with no request under way; those that never sent one only when `fresh`. */
  function closeIdle(fresh) {
    for (const [socket, connection] of connections) {
      if (connection.open > 0) continue;
      if (connection.begun === 0 && !fresh) continue;
      socket.destroy();
    }
  }

  function stop({ graceMs = GRACE_MS, freshGraceMs = FRESH_GRACE_MS, acceptMs = ACCEPT_MS, close = async () => undefined } = {}) {
    stopping ??= (async () => {
      let forced = false;
      closeIdle(false);
      // setImmediate after the timer: after a poll of the event loop, which accepts the whole queue.
      if (acceptMs > 0) await new Promise((resolve) => setTimeout(() => setImmediate(resolve), acceptMs));
      // net.Server's close: stop listening, without http.Server's closing of "idle" connections.
      const closed = new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      closeIdle(false);
      const fresh = setTimeout(() => closeIdle(true), freshGraceMs);
      fresh.unref();
      const timer = setTimeout(() => {
        forced = true;
        console.warn(`[server] ${active} request(s) still running after ${graceMs / 1000} s: cut off`);
        server.closeAllConnections();
      }, graceMs);
      timer.unref();
      await closed;
      clearTimeout(fresh);
      clearTimeout(timer);
      await close();
      return { forced };
    })();
    return stopping;
  }

  return {
    stop,
    get active() {
      return active;
    },
    /** Connections accepted that have not begun a request. */
    get waiting() {
      return [...connections.values()].filter((c) => c.begun === 0).length;
    },
  };
}
