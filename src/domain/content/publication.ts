/**
 * A change to the published data, as it is announced (to this process's caches and, through
 * PostgreSQL's NOTIFY, to the other app processes: docs/decisions/016, 044). What it makes stale
 * is computed by changeTags (./cache-tags.ts): cached pages and data carry tags, never paths.
 */

/**
 * - `funds`: the pages of these funds (overview, tabs, share list) and the pages that list funds
 *   with their figures (home, fund range, document library). Give the share slugs whose pages changed.
 * - `menu`: the change shows in the fund lists every page carries (title, order, category,
 *   visibility, a fund or share added or archived): every page, and the sitemap.
 * - `news`, `pages`: the pages showing news (lists, articles, home, fund news tabs) and the
 *   sitemap; the content pages of these codes. A news item about funds names them in `funds` too.
 * - `registrations`: the registration matrix changed for these audiences (country × investor
 *   profile): what those visitors may see changed on every page they reach (the fund menu is on
 *   all), so every page rendered for them expires (their cache tag, audienceTag), and the sitemap.
 * - `all`: everything (a reseed, or a listener that may have missed notifications).
 */
export type ChangeScope = {
  funds?: { slug: string; shares?: string[] }[];
  menu?: boolean;
  news?: boolean;
  /** A fund event or a dividend: the notices list and feeds (with `funds` for the fund's own pages). */
  notices?: boolean;
  pages?: string[];
  registrations?: Audience[];
  all?: boolean;
};

/** Who a cached page is rendered for: a country of residence and an investor profile. */
export type Audience = { country: string; profile: string };

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a larger scope is sent as "all". */
export const MAX_NOTIFY_BYTES = 7_900;

export type ChangeMessage = { origin: string; scope: ChangeScope };

export function encodeChange(message: ChangeMessage): string {
  const text = JSON.stringify(message);
  if (new TextEncoder().encode(text).byteLength <= MAX_NOTIFY_BYTES) return text;
  return JSON.stringify({ origin: message.origin, scope: { all: true } });
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** A message another process sent, or null when it is not one (anything may NOTIFY on the channel). */
export function decodeChange(payload: string | undefined): ChangeMessage | null {
  if (!payload) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const { origin, scope } = raw as { origin?: unknown; scope?: unknown };
  if (typeof origin !== 'string' || !scope || typeof scope !== 'object') return null;
  const s = scope as Record<string, unknown>;
  const out: ChangeScope = {};
  if (s.all === true) out.all = true;
  if (s.menu === true) out.menu = true;
  if (s.news === true) out.news = true;
  if (s.notices === true) out.notices = true;
  if (isStringArray(s.pages)) out.pages = s.pages;
  if (Array.isArray(s.registrations)) {
    out.registrations = [];
    for (const audience of s.registrations as unknown[]) {
      const a = audience as { country?: unknown; profile?: unknown };
      if (!a || typeof a.country !== 'string' || typeof a.profile !== 'string') return null;
      out.registrations.push({ country: a.country, profile: a.profile });
    }
  }
  if (Array.isArray(s.funds)) {
    out.funds = [];
    for (const fund of s.funds as unknown[]) {
      const f = fund as { slug?: unknown; shares?: unknown };
      if (!f || typeof f.slug !== 'string') return null;
      out.funds.push(isStringArray(f.shares) ? { slug: f.slug, shares: f.shares } : { slug: f.slug });
    }
  }
  return { origin, scope: out };
}
