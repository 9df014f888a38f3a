import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's `chromium-headless-shell`
 * (the same Blink and V8 as `chromium`, without the desktop browser around them: what Playwright
 * itself runs headless), else Debian's `chromium`. Measured on the 2-core machine: ten page loads
 * cost the full browser 13.4 s of CPU against 5.9 s for the shell (docs/testing.md).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
