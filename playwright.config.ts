import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './tests/support/browser-path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The staff-changes specs (CHANGES_PUBLIC_DATA) change what visitors see: they get a server, a
 * PGlite folder and a copy of the build of their own on PORT + 3, so they run alongside the
 * desktop project instead of after it. PORT + 5, + 7 and + 8 belong to the SSO and 2FA specs'
 * servers; each server mails to its own port + 20000 and checks captchas on its own port + 21000.
 */
const STAFF_PORT = PORT + 3;
const baseURL = `http://127.0.0.1:${PORT}`;
const staffBaseURL = `http://127.0.0.1:${STAFF_PORT}`;

/**
 * A returning visitor: the disclaimer accepted and the cookie choice made (video refused), so the
 * popup and the notice of a first visit stay out of the way of tests about something else.
 * tests/e2e/compliance.spec.ts starts from an empty browser instead (test.use({ storageState: EMPTY })).
 */
const returningVisitor = (origin: string) => ({
  cookies: [
    {
      name: 'cookie_consent',
      value: encodeURIComponent(JSON.stringify({ v: 1, video: false, at: '2026-11-21' })),
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: [{ origin, localStorage: [{ name: 'disclaimer_validated', value: 'true' }] }],
});

const STAFF_DIST_DIR = '.next-staff-changes';
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const CHANGES_PUBLIC_DATA = [/admin-languages\.spec\.ts$/, /admin-funds\.spec\.ts$/, /admin-bulk-imports\.spec\.ts$/, /admin-registrations\.spec\.ts$/, /import-api\.spec\.ts$/, /admin-inbox\.spec\.ts$/, /admin-privacy\.spec\.ts$/, /admin-pages\.spec\.ts$/, /admin-news\.spec\.ts$/];

/**
 * Browser tests run in Debian's Chromium, its headless shell where installed (scripts/e2e.sh installs
 * both; tests/support/browser-path.ts): Playwright never downloads
 * a browser here. The server is the production build on its own fresh PGlite folder.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Back-office accounts, one signed-in state per role (tests/support/admin.ts).
  globalSetup: './tests/e2e/admin-global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The timing reporter says where the suite's minutes went (tests/support/timing-reporter.ts).
  reporter: process.env.CI ? [['list'], ['./tests/support/timing-reporter.ts']] : [['list'], ['html', { open: 'never' }], ['./tests/support/timing-reporter.ts']],
  // Budgets for a machine twice as slow as the one the tests were written on (two busy cores): a
  // test's outcome must not depend on the machine's speed; only a failing test waits this long.
  // An answer may also wait behind another spec's work on the same server: the staff server's
  // embedded database serializes a 12 MB document import with the back-office's next POST.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    // A trace of a failing test, kept locally (npx playwright show-trace). Not under CI: a clean-clone
    // run keeps no file anyone can open, and recording every test's trace cost 10 to 19 % of the
    // suite's time (docs/testing.md). E2E_TRACE=on records them under CI too.
    trace: process.env.CI && process.env.E2E_TRACE !== 'on' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // Specs that change what visitors see (a share class added, a fund's SRI edited, NAVs imported)
    // run on their own server, so no public page of the desktop project is read while they change
    // it; so does the inbox spec, which needs no SMTP server of another spec listening while a mail
    // fails. Listed first: the workers take their long serial files first and the desktop project's
    // many short tests fill in after, so neither worker idles at the end.
    { name: 'staff-changes', testMatch: CHANGES_PUBLIC_DATA, use: { ...desktop, baseURL: staffBaseURL, storageState: returningVisitor(staffBaseURL) } },
    { name: 'desktop', testIgnore: CHANGES_PUBLIC_DATA, use: { ...desktop, baseURL, storageState: returningVisitor(baseURL) } },
  ],
  webServer: [
    server(PORT, '.data/e2e'),
    // Its own build folder: Next keeps the pages it renders under <build>/server/route-cache, which
    // the desktop server would otherwise read (other data, another PUBLIC_BASE_URL).
    server(STAFF_PORT, '.data/e2e-staff', { command: `bash scripts/e2e-build-copy.sh ${STAFF_DIST_DIR} && node scripts/start.mjs`, NEXT_DIST_DIR: STAFF_DIST_DIR }),
  ],
});

/** The production build served on `port` with a fresh PGlite folder, as the browser tests want it. */
function server(port: number, pgliteDir: string, options: { command?: string; NEXT_DIST_DIR?: string } = {}) {
  const origin = `http://127.0.0.1:${port}`;
  return {
    command: options.command ?? 'node scripts/start.mjs',
    url: `${origin}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe' as const,
    env: {
      ...(options.NEXT_DIST_DIR ? { NEXT_DIST_DIR: options.NEXT_DIST_DIR } : {}),
      PORT: String(port),
      LISTEN_HOST: '127.0.0.1',
      // The test runner stands in for the load balancer: the forms specs give each request its own
      // client address in X-Forwarded-For, which the server reads only from a trusted proxy.
      TRUSTED_PROXIES: '127.0.0.1/32,::1/128',
      PGLITE_DIR: pgliteDir,
      PUBLIC_BASE_URL: origin,
      SKIP_BUILD: '1',
      ENABLE_ERROR_TEST_ROUTE: 'true',
      // tests/e2e/forms.spec.ts: mail goes to the SMTP server that spec starts on PORT + 20000, reCAPTCHA
      // tokens are checked by its stand-in for Google's siteverify on PORT + 21000, and it reads
      // stored submissions back through the inspection route.
      SMTP_URL: `smtp://127.0.0.1:${port + 20000}`,
      SMTP_REQUIRE_TLS: 'false', // that test server speaks plain SMTP
      MAIL_TO: 'staff@fundhouse.test',
      // tests/e2e/alerts.spec.ts: server errors are mailed there, through the same SMTP server.
      ALERT_EMAIL: 'oncall@fundhouse.test',
      RECAPTCHA_SITE_KEY: 'e2e-site-key',
      RECAPTCHA_SECRET: 'e2e-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port + 21000}/siteverify`,
      ENABLE_SUBMISSION_INSPECTION: 'true',
      // Every save publishes at once, as the specs written before the approval workflow expect;
      // tests/e2e/admin-approval.spec.ts starts a server of its own with the default policy.
      APPROVAL_REQUIRED: '',
      // The first back-office admin (tests/e2e/admin-global-setup.ts invites the other roles).
      ADMIN_BOOTSTRAP_EMAIL: 'admin@fundhouse.test',
      ADMIN_BOOTSTRAP_PASSWORD: 'e2e-admin-password-1',
    },
  };
}
