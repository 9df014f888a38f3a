/**
 * Four eyes on what the public reads (issue 22, docs/approval.md), the pure part: the areas a policy
 * names, the kinds of change a proposal carries, the canonical form its before-state is hashed in,
 * and the per-language difference the review screen shows.
 */

/** The areas whose saves may wait for approval. The import API (token) is never among them. */
export const APPROVAL_AREAS = ['funds', 'pages', 'company', 'news', 'documents', 'registrations'] as const;
export type ApprovalArea = (typeof APPROVAL_AREAS)[number];

export function isApprovalArea(value: unknown): value is ApprovalArea {
  return typeof value === 'string' && (APPROVAL_AREAS as readonly string[]).includes(value);
}

/** APPROVAL_REQUIRED: unset → every area; empty → none (instant publication); else a comma list of areas. */
export function parseApprovalAreas(raw: string | undefined): { ok: true; areas: ApprovalArea[] } | { ok: false; error: string } {
  if (raw === undefined) return { ok: true, areas: [...APPROVAL_AREAS] };
  const names = raw
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const areas: ApprovalArea[] = [];
  for (const name of names) {
    if (!isApprovalArea(name)) return { ok: false, error: `"${name}" is not an area among ${APPROVAL_AREAS.join(', ')} (empty: no approval)` };
    if (!areas.includes(name)) areas.push(name);
  }
  return { ok: true, areas };
}

/** What a proposal does when published: each is one existing command of the back-office, run with the stored input. */
export const CHANGE_KINDS = [
  'page.save',
  'company.save',
  'company.image',
  'languages.save',
  'fund.create',
  'fund.update',
  'fund.archive',
  'fund.aum',
  'share.create',
  'share.update',
  'share.archive',
  'share.distribution',
  'fund.sustainability',
  'nav.correct',
  'document.upload',
  'document.publish',
  'document.countries',
  'document.delete',
  'news.create',
  'news.publish',
  'news.draft',
  'news.unpublish',
  'news.delete',
  'news.attach',
  'news.detach',
  'registration.grid',
  'page.restore',
  'page.create',
  'import.navs',
  'import.benchmarks',
  'import.portfolios',
  'import.scenarios',
  'import.registrations',
  'import.findatex',
  'import.catalog',
  'import.dividends',
  'import.documents',
  'event.save',
  'event.delete',
  'event.attach',
  'event.detach',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const AREA_OF: Record<ChangeKind, ApprovalArea> = {
  'page.save': 'pages',
  'company.save': 'company',
  'company.image': 'company',
  'languages.save': 'company',
  'fund.create': 'funds',
  'fund.update': 'funds',
  'fund.archive': 'funds',
  'fund.aum': 'funds',
  'share.create': 'funds',
  'share.update': 'funds',
  'share.archive': 'funds',
  'share.distribution': 'funds',
  'fund.sustainability': 'funds',
  'nav.correct': 'funds',
  'document.upload': 'documents',
  'document.publish': 'documents',
  'document.countries': 'documents',
  'document.delete': 'documents',
  'news.create': 'news',
  'news.publish': 'news',
  'news.draft': 'news',
  'news.unpublish': 'news',
  'news.delete': 'news',
  'news.attach': 'news',
  'news.detach': 'news',
  'registration.grid': 'registrations',
  'page.restore': 'pages',
  'page.create': 'pages',
  'import.navs': 'funds',
  'import.benchmarks': 'funds',
  'import.portfolios': 'funds',
  'import.scenarios': 'funds',
  'import.registrations': 'registrations',
  'import.findatex': 'funds',
  'import.catalog': 'funds',
  'import.dividends': 'funds',
  'import.documents': 'documents',
  'event.save': 'funds',
  'event.delete': 'funds',
  'event.attach': 'funds',
  'event.detach': 'funds',
};

export function isChangeKind(value: unknown): value is ChangeKind {
  return typeof value === 'string' && (CHANGE_KINDS as readonly string[]).includes(value);
}

export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'published'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Bounds of what a person types with a proposal. */
export const NOTE_MAX = 2_000;
/** Approvers get at most one digest mail per this many minutes. */
export const DIGEST_MINUTES = 15;

/** JSON with object keys sorted (jsonb gives keys back in its own order): equal states give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const LANGUAGES = ['fr', 'en', 'es'] as const;
export type DiffLanguage = (typeof LANGUAGES)[number] | 'all';
export type DiffRow = { field: string; before: string; after: string };

function isLocalized(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => (LANGUAGES as readonly string[]).includes(k));
}

function leaves(value: unknown, path: string, into: Map<string, Map<DiffLanguage, string>>): void {
  const put = (language: DiffLanguage, field: string, text: string) => {
    const row = into.get(field) ?? new Map<DiffLanguage, string>();
    row.set(language, text);
    into.set(field, row);
  };
  if (isLocalized(value)) {
    for (const language of LANGUAGES) put(language, path, value[language] === undefined || value[language] === null ? '' : String(value[language]));
    return;
  }
  if (Array.isArray(value)) {
    // A list of items with a code (page components, texts, infos) is keyed by code, else by position.
    value.forEach((item, index) => {
      const code = item && typeof item === 'object' && 'code' in item && typeof (item as { code: unknown }).code === 'string' ? (item as { code: string }).code : String(index + 1);
      leaves(item, path ? `${path}/${code}` : code, into);
    });
    if (value.length === 0) put('all', path, '');
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) if (key !== 'code') leaves(inner, path ? `${path}.${key}` : key, into);
    return;
  }
  put('all', path, value === null || value === undefined ? '' : String(value));
}

/**
 * The difference of two states, per language: for fr, en and es the localized texts that differ,
 * and under 'all' the values that have no language (numbers, dates, codes). Fields are named by
 * their path (components and texts by their code).
 */
export function diffByLanguage(before: unknown, after: unknown): Record<DiffLanguage, DiffRow[]> {
  const a = new Map<string, Map<DiffLanguage, string>>();
  const b = new Map<string, Map<DiffLanguage, string>>();
  leaves(before, '', a);
  leaves(after, '', b);
  const out: Record<DiffLanguage, DiffRow[]> = { fr: [], en: [], es: [], all: [] };
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  for (const field of fields) {
    for (const language of [...LANGUAGES, 'all'] as const) {
      const was = a.get(field)?.get(language);
      const is = b.get(field)?.get(language);
      if (was === undefined && is === undefined) continue;
      if ((was ?? '') !== (is ?? '')) out[language].push({ field: field || '-', before: was ?? '', after: is ?? '' });
    }
  }
  return out;
}

/** Whether a proposal may be approved by this person: never by its author, whatever their role. */
/**
 * The name of a proposal's file, as the review screen shows it and its download is named: a document's
 * is the input's `fileName`, a new fund event's first notice carries its own (`notice.fileName`).
 */
export function proposedFileName(input: Record<string, unknown>): string {
  const notice = input.notice as { fileName?: unknown } | null | undefined;
  if (typeof input.fileName === 'string') return input.fileName;
  return typeof notice?.fileName === 'string' ? notice.fileName : 'document.pdf';
}

export function mayReview(proposal: { authorId: string | null }, reviewerId: string): boolean {
  return proposal.authorId !== null && proposal.authorId !== reviewerId;
}
