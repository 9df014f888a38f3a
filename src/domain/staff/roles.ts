/**
 * Staff roles of the back-office and what each may do. The server checks these in every action and
 * route (src/server/auth); the interface only mirrors them. A permission not listed is refused.
 */
/** In order of strength (an SSO claim mapping to several roles gives the first): compliance sees everything and approves, but edits nothing. */
export const ROLES = ['admin', 'compliance', 'editor', 'data', 'reader'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** See every back-office screen and the audit log. */
  'backoffice.read',
  /** Funds, share classes, their texts, categories, profiles, AUM. */
  'funds.write',
  /** Upload, replace, unpublish and delete documents. */
  'documents.write',
  /** The registration matrix: which share class may be marketed in which country, to which profile (grid and CSV import). */
  'registrations.write',
  /** NAV, benchmark and portfolio imports; a NAV corrected by hand. */
  'data.import',
  /** News, pages, texts, the company (back-office part 2). */
  'content.write',
  /** Read visitors' submissions (personal data: not the data role, which only feeds fund data). */
  'submissions.read',
  /** Handle visitors' submissions: statuses, assignees, exports, GDPR requests. */
  'submissions.handle',
  /** Staff accounts, their sessions and the import-API tokens. */
  'accounts.manage',
  /** Approve or reject the changes others proposed (four eyes, docs/approval.md); never one's own. */
  'changes.review',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['backoffice.read', 'funds.write', 'registrations.write', 'documents.write', 'data.import', 'content.write', 'submissions.read', 'submissions.handle'],
  data: ['backoffice.read', 'documents.write', 'data.import'],
  compliance: ['backoffice.read', 'submissions.read', 'changes.review'],
  reader: ['backoffice.read', 'submissions.read'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a role may do something; an unknown role may do nothing. */
export function can(role: unknown, permission: Permission): boolean {
  return isRole(role) && GRANTS[role].includes(permission);
}

/** Scopes an import-API token may carry, each tied to the permission it exercises. */
export const TOKEN_SCOPES = ['navs', 'benchmarks', 'documents', 'scenarios', 'registrations', 'findatex:read', 'events', 'distributions'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export function isTokenScope(value: unknown): value is TokenScope {
  return typeof value === 'string' && (TOKEN_SCOPES as readonly string[]).includes(value);
}
