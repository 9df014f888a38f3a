import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { SUPPORTED_LOCALES, type Locale } from '@/env';
import { isIsoDate } from '@/domain/dates';
import { checkDocumentFile, documentFileName, MAX_DOCUMENT_BYTES, type DocumentFileProblem } from '@/domain/documents/file';
import type { ChangeScope } from '@/domain/content/publication';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { countries, documents, documentTypes, funds, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';
import { pdfTagged } from './tagging';

/** Whose document it is: a fund, or a share class (by id, or as the import API names them). */
export type DocumentOwner = { fundId: number } | { shareId: number } | { fundSlug: string } | { isin: string };

export type DocumentUpload = {
  owner: DocumentOwner;
  typeCode: string;
  locale: string;
  /** The document's own date (YYYY-MM-DD), shown beside its link. */
  publishedAt: string;
  /** Defaults to "{type} - {fund or share}" in the document's language. */
  title?: string;
  fileName: string;
  bytes: Uint8Array;
  /** False keeps it offline until published. Defaults to true. */
  published?: boolean;
  /** The countries whose residents are offered it (a country supplement); empty: every country; absent: as the version it replaces. */
  countries?: string[];
};

export type DocumentProblem = DocumentFileProblem | 'unknown-owner' | 'unknown-type' | 'bad-locale' | 'bad-date' | 'bad-title' | 'unknown-country';
/** `tagged`: whether the file is a tagged PDF (null: its catalog could not be read); an untagged one is stored all the same. */
export type DocumentResult = { ok: true; id: number; changed: boolean; replacedId: number | null; tagged: boolean | null } | { ok: false; error: DocumentProblem };

/** What the staff screens list: every version, without the bytes. */
export type DocumentVersion = {
  id: number;
  documentTypeCode: string;
  fundId: number | null;
  shareId: number | null;
  locale: string;
  title: string;
  fileName: string;
  size: number;
  sha256: string;
  publishedAt: string;
  published: boolean;
  supersededAt: Date | null;
  replacesId: number | null;
  countries: string[];
  /** Whether the PDF is tagged (src/domain/documents/tagged.ts); null: unknown. */
  tagged: boolean | null;
};

/** The columns of a document version, its bytes left out. */
export const versionColumns = {
  id: documents.id,
  documentTypeCode: documents.documentTypeCode,
  fundId: documents.fundId,
  shareId: documents.shareId,
  locale: documents.locale,
  title: documents.title,
  fileName: documents.fileName,
  size: documents.size,
  sha256: documents.sha256,
  publishedAt: documents.publishedAt,
  published: documents.published,
  supersededAt: documents.supersededAt,
  replacesId: documents.replacesId,
  countries: documents.countries,
  tagged: documents.tagged,
};

type Owner = { fundId: number | null; shareId: number | null; fundSlug: string; shareSlug: string | null; name: string };

async function resolveOwner(db: Executor, owner: DocumentOwner, locale: Locale): Promise<Owner | null> {
  if ('shareId' in owner || 'isin' in owner) {
    const [row] = await db
      .select({ id: shares.id, slug: shares.slug, name: shares.name, fundSlug: funds.slug, fundTitle: funds.title })
      .from(shares)
      .innerJoin(funds, eq(funds.id, shares.fundId))
      .where('shareId' in owner ? eq(shares.id, owner.shareId) : eq(shares.isinCode, owner.isin.trim().toUpperCase()));
    if (!row) return null;
    const fundTitle = row.fundTitle[locale] ?? row.fundTitle.fr;
    return { fundId: null, shareId: row.id, fundSlug: row.fundSlug, shareSlug: row.slug, name: `${fundTitle} ${row.name}` };
  }
  const [row] = await db
    .select({ id: funds.id, slug: funds.slug, title: funds.title })
    .from(funds)
    .where('fundId' in owner ? eq(funds.id, owner.fundId) : eq(funds.slug, owner.fundSlug));
  return row ? { fundId: row.id, shareId: null, fundSlug: row.slug, shareSlug: null, name: row.title[locale] ?? row.title.fr } : null;
}

/** The documents of one slot (owner, type, language): versions of the same document. */
function slotCondition(owner: { fundId: number | null; shareId: number | null }, typeCode: string, locale: string): SQL | undefined {
  return and(
    owner.shareId !== null ? eq(documents.shareId, owner.shareId) : and(eq(documents.fundId, owner.fundId ?? -1), isNull(documents.shareId)),
    eq(documents.documentTypeCode, typeCode),
    eq(documents.locale, locale),
  );
}

function scopeOf(owner: { fundSlug: string; shareSlug: string | null }): ChangeScope {
  return { funds: [{ slug: owner.fundSlug, shares: owner.shareSlug ? [owner.shareSlug] : [] }] };
}

const audited = (row: Partial<DocumentVersion> & { data?: Uint8Array }) => {
  const { supersededAt, ...rest } = row;
  return { ...rest, supersededAt: supersededAt ?? null };
};

export type NewDocumentVersion = {
  documentTypeCode: string;
  fundId?: number | null;
  shareId?: number | null;
  newsId?: number | null;
  /** A fund event's notice (type FUND_NOTICE): src/server/events/commands.ts. */
  eventId?: number | null;
  locale: string;
  title: string;
  fileName: string;
  size: number;
  sha256: string;
  data: Uint8Array;
  publishedAt: string;
  published: boolean;
  /** Empty: every country; absent: as the version it replaces (every country for a new document). */
  countries?: string[];
  /** Whether the PDF is tagged (pdfTagged, read before the transaction); null: unknown. */
  tagged: boolean | null;
};

const sameCountries = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The countries a document is restricted to, checked against the country table: upper-case, each
 * once, in code order; null when one is unknown.
 */
export async function checkCountries(db: Executor, given: readonly string[] | undefined): Promise<string[] | null> {
  const wanted = [...new Set((given ?? []).map((c) => c.trim().toUpperCase()))].sort();
  if (wanted.length === 0) return [];
  if (wanted.length > 300) return null;
  const known = await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, wanted));
  return known.length === wanted.length ? wanted : null;
}

/**
 * The stored side of every PDF upload (fund, share class, news item), inside the caller's
 * transaction: in `slot` (the versions of one document: its owner, type and language), the new file
 * becomes the current version and the versions it replaces stay as history, never served. The same
 * file, date, title and state again changes nothing. Audited, the bytes as their size and hash.
 */
export async function storeDocumentVersion(
  tx: Executor,
  slot: SQL | undefined,
  version: NewDocumentVersion,
  actor: Actor,
): Promise<{ id: number; changed: boolean; replacedId: number | null }> {
  const current = await tx
    .select(versionColumns)
    .from(documents)
    .where(and(slot, isNull(documents.supersededAt)))
    .orderBy(desc(documents.publishedAt), desc(documents.id));
  const latest = current[0];
  const restrictedTo = version.countries ?? latest?.countries ?? [];
  if (
    latest &&
    latest.sha256 === version.sha256 &&
    latest.publishedAt === version.publishedAt &&
    latest.title === version.title &&
    latest.published === version.published &&
    sameCountries(latest.countries, restrictedTo)
  ) {
    return { id: latest.id, changed: false, replacedId: null };
  }
  if (current.length > 0) {
    await tx
      .update(documents)
      .set({ supersededAt: new Date() })
      .where(
        inArray(
          documents.id,
          current.map((c) => c.id),
        ),
      );
  }
  const values = { ...version, countries: restrictedTo, mimeType: 'application/pdf', replacesId: latest?.id ?? null };
  const [row] = await tx.insert(documents).values(values).returning({ id: documents.id });
  if (!row) throw new Error('document not inserted');
  await recordAudit(tx, {
    actor,
    entity: 'document',
    entityId: row.id,
    action: latest ? 'replace' : 'create',
    before: latest ? audited(latest) : null,
    after: { id: row.id, ...values },
  });
  return { id: row.id, changed: true, replacedId: latest?.id ?? null };
}

/**
 * Deletes one version of a document, inside the caller's transaction: deleting the current version
 * brings back the one it replaced, and later versions that pointed at it now point at what it
 * replaced, so the history stays a chain. Audited.
 */
export async function deleteDocumentVersion(tx: Executor, row: DocumentVersion, actor: Actor): Promise<number | null> {
  let restoredId: number | null = null;
  if (row.supersededAt === null && row.replacesId !== null) {
    const [restored] = await tx
      .update(documents)
      .set({ supersededAt: null })
      .where(eq(documents.id, row.replacesId))
      .returning({ id: documents.id });
    restoredId = restored?.id ?? null;
  }
  await tx.update(documents).set({ replacesId: row.replacesId }).where(eq(documents.replacesId, row.id));
  await tx.delete(documents).where(eq(documents.id, row.id));
  await recordAudit(tx, { actor, entity: 'document', entityId: row.id, action: 'delete', before: audited(row), after: restoredId ? { restoredId } : null });
  return restoredId;
}

type PreparedUpload = { input: DocumentUpload; locale: Locale; title: string | undefined; sha256: string; fileName: string; published: boolean; tagged: boolean | null };
type ResolvedUpload = { type: typeof documentTypes.$inferSelect; owner: Owner; restrictedTo: string[] | undefined };

/** The checks made before any database read: language, date, the bytes, the title; then whether the PDF is tagged. */
async function prepareUpload(input: DocumentUpload): Promise<PreparedUpload | { ok: false; error: DocumentProblem }> {
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(input.locale)) return { ok: false, error: 'bad-locale' };
  if (!isIsoDate(input.publishedAt)) return { ok: false, error: 'bad-date' };
  const fileProblem = checkDocumentFile({ name: input.fileName, size: input.bytes.byteLength, bytes: input.bytes }, MAX_DOCUMENT_BYTES);
  if (fileProblem) return { ok: false, error: fileProblem };
  const title = input.title?.trim();
  if (title !== undefined && (title === '' || title.length > 300)) return { ok: false, error: 'bad-title' };
  // Read before the transaction: parsing a large PDF must not hold the database.
  const tagged = await pdfTagged(input.bytes);
  return { input, locale: input.locale as Locale, title, sha256: createHash('sha256').update(input.bytes).digest('hex'), fileName: documentFileName(input.fileName), published: input.published ?? true, tagged };
}

/** Its type, owner and countries, read in the transaction: nothing is written. */
async function resolveUpload(tx: Executor, prepared: PreparedUpload): Promise<ResolvedUpload | { ok: false; error: DocumentProblem }> {
  const [type] = await tx.select().from(documentTypes).where(eq(documentTypes.code, prepared.input.typeCode));
  if (!type) return { ok: false, error: 'unknown-type' };
  const owner = await resolveOwner(tx, prepared.input.owner, prepared.locale);
  if (!owner) return { ok: false, error: 'unknown-owner' };
  const restrictedTo = prepared.input.countries === undefined ? undefined : await checkCountries(tx, prepared.input.countries);
  if (restrictedTo === null) return { ok: false, error: 'unknown-country' };
  return { type, owner, restrictedTo };
}

function writeUpload(tx: Executor, prepared: PreparedUpload, { type, owner, restrictedTo }: ResolvedUpload, actor: Actor) {
  const { input, locale } = prepared;
  return storeDocumentVersion(
    tx,
    slotCondition(owner, type.code, locale),
    {
      documentTypeCode: type.code,
      fundId: owner.fundId,
      shareId: owner.shareId,
      locale,
      title: prepared.title ?? `${type.title[locale] ?? type.title.fr} - ${owner.name}`,
      fileName: prepared.fileName,
      size: input.bytes.byteLength,
      sha256: prepared.sha256,
      data: input.bytes,
      publishedAt: input.publishedAt,
      published: prepared.published,
      countries: restrictedTo,
      tagged: prepared.tagged,
    },
    actor,
  );
}

/**
 * Uploads a PDF for a fund or a share class. It becomes the current version of its slot (owner,
 * type, language): the version it replaces stays in the database as history (superseded), never
 * served again. Sending the same file, date and title again changes nothing. Audited (the bytes
 * as their size and hash) and published.
 */
export async function uploadDocument(db: Db, input: DocumentUpload, actor: Actor): Promise<DocumentResult> {
  const prepared = await prepareUpload(input);
  if ('ok' in prepared) return prepared;
  const outcome = await db.transaction(async (tx) => {
    const resolved = await resolveUpload(tx, prepared);
    if ('ok' in resolved) return resolved;
    const stored = await writeUpload(tx, prepared, resolved, actor);
    return { ok: true as const, ...stored, owner: resolved.owner };
  });
  if (!outcome.ok) return outcome;
  const { owner, ...result } = outcome;
  if (result.changed) await publishChange(db, scopeOf(owner));
  return { ...result, tagged: prepared.tagged };
}

export type DocumentBatchResult =
  | { ok: true; written: number; ids: number[] }
  | { ok: false; error: DocumentProblem | 'duplicate-slot'; index: number };

/**
 * Uploads many PDFs at once (the imports screen's drop zone, docs/back-office.md): each checked as
 * uploadDocument checks it, then every type and owner read in one transaction before anything is
 * written, so the batch is stored whole or not at all. Two files for one slot are refused. Each
 * version is audited as a single upload is; one publication for every fund touched.
 */
export async function uploadDocuments(db: Db, inputs: DocumentUpload[], actor: Actor): Promise<DocumentBatchResult> {
  const prepared: PreparedUpload[] = [];
  for (const [index, input] of inputs.entries()) {
    const one = await prepareUpload(input);
    if ('ok' in one) return { ok: false, error: one.error, index };
    prepared.push(one);
  }
  const outcome = await db.transaction(async (tx) => {
    const resolved: ResolvedUpload[] = [];
    const slots = new Set<string>();
    for (const [index, one] of prepared.entries()) {
      const found = await resolveUpload(tx, one);
      if ('ok' in found) return { ok: false as const, error: found.error, index };
      const slot = `${found.owner.fundId}|${found.owner.shareId}|${found.type.code}|${one.locale}`;
      if (slots.has(slot)) return { ok: false as const, error: 'duplicate-slot' as const, index };
      slots.add(slot);
      resolved.push(found);
    }
    const ids: number[] = [];
    const touched: Owner[] = [];
    for (const [index, one] of prepared.entries()) {
      const found = resolved[index] as ResolvedUpload;
      const stored = await writeUpload(tx, one, found, actor);
      if (stored.changed) {
        ids.push(stored.id);
        touched.push(found.owner);
      }
    }
    return { ok: true as const, ids, touched };
  });
  if (!outcome.ok) return outcome;
  if (outcome.touched.length > 0) {
    const byFund = new Map<string, Set<string>>();
    for (const owner of outcome.touched) {
      const shares = byFund.get(owner.fundSlug) ?? new Set<string>();
      if (owner.shareSlug) shares.add(owner.shareSlug);
      byFund.set(owner.fundSlug, shares);
    }
    await publishChange(db, { funds: [...byFund].map(([slug, shares]) => ({ slug, shares: [...shares] })) });
  }
  return { ok: true, written: outcome.ids.length, ids: outcome.ids };
}

async function ownerOfDocument(db: Executor, id: number) {
  const [row] = await db.select(versionColumns).from(documents).where(eq(documents.id, id));
  if (!row || (row.fundId === null && row.shareId === null)) return null;
  const owner = await resolveOwner(db, row.shareId !== null ? { shareId: row.shareId } : { fundId: row.fundId as number }, 'fr');
  return owner ? { row, owner } : null;
}

/** Takes a document off the site (published = false) or puts it back; the file is kept. */
export async function setDocumentPublished(db: Db, id: number, published: boolean, actor: Actor): Promise<{ ok: true; changed: boolean } | { ok: false; error: 'unknown-document' }> {
  const outcome = await db.transaction(async (tx) => {
    const found = await ownerOfDocument(tx, id);
    if (!found) return { ok: false as const, error: 'unknown-document' as const };
    if (found.row.published === published) return { ok: true as const, changed: false, found };
    await tx.update(documents).set({ published }).where(eq(documents.id, id));
    await recordAudit(tx, {
      actor,
      entity: 'document',
      entityId: id,
      action: published ? 'publish' : 'unpublish',
      before: { published: found.row.published },
      after: { published },
    });
    return { ok: true as const, changed: true, found };
  });
  if (!outcome.ok) return outcome;
  // A superseded version changes no page, but its archive address (…/v/{id}) may be in a shared
  // cache under the fund's tag (src/server/http/document-response.ts): it is published too.
  if (outcome.changed) await publishChange(db, scopeOf(outcome.found.owner));
  return { ok: true, changed: outcome.changed };
}

/**
 * Restricts a document to some countries (a country supplement, a representative's notice) or opens
 * it to every country (empty). Audited; the pages offering it are published when it is online.
 */
export async function setDocumentCountries(
  db: Db,
  id: number,
  given: readonly string[],
  actor: Actor,
): Promise<{ ok: true; changed: boolean } | { ok: false; error: 'unknown-document' | 'unknown-country' }> {
  const outcome = await db.transaction(async (tx) => {
    const found = await ownerOfDocument(tx, id);
    if (!found) return { ok: false as const, error: 'unknown-document' as const };
    const wanted = await checkCountries(tx, given);
    if (!wanted) return { ok: false as const, error: 'unknown-country' as const };
    if (sameCountries(found.row.countries, wanted)) return { ok: true as const, changed: false, found };
    await tx.update(documents).set({ countries: wanted }).where(eq(documents.id, id));
    await recordAudit(tx, { actor, entity: 'document', entityId: id, action: 'restrict', before: { countries: found.row.countries }, after: { countries: wanted } });
    return { ok: true as const, changed: true, found };
  });
  if (!outcome.ok) return outcome;
  if (outcome.changed && outcome.found.row.published) await publishChange(db, scopeOf(outcome.found.owner));
  return { ok: true, changed: outcome.changed };
}

/**
 * Deletes one version of a document. When it was the current version, the version it replaced
 * becomes current again (deleting a wrong upload restores the previous file). Audited with the
 * deleted file's size and hash.
 */
export async function deleteDocument(db: Db, id: number, actor: Actor): Promise<{ ok: true; restoredId: number | null } | { ok: false; error: 'unknown-document' }> {
  const outcome = await db.transaction(async (tx) => {
    const found = await ownerOfDocument(tx, id);
    if (!found) return { ok: false as const, error: 'unknown-document' as const };
    const restoredId = await deleteDocumentVersion(tx, found.row, actor);
    return { ok: true as const, restoredId, found };
  });
  if (!outcome.ok) return outcome;
  await publishChange(db, scopeOf(outcome.found.owner));
  return { ok: true, restoredId: outcome.restoredId };
}

/** Every document of a fund and of its share classes, every version, newest first (for the staff screens). */
export async function listFundDocuments(db: Executor, fundId: number): Promise<DocumentVersion[]> {
  const shareIds = (await db.select({ id: shares.id }).from(shares).where(eq(shares.fundId, fundId))).map((s) => s.id);
  return db
    .select(versionColumns)
    .from(documents)
    .where(or(eq(documents.fundId, fundId), shareIds.length > 0 ? inArray(documents.shareId, shareIds) : undefined))
    .orderBy(documents.documentTypeCode, documents.locale, desc(documents.publishedAt), desc(documents.id));
}

/** The versions of the document `id` belongs to (same owner, type and language), newest first. */
export async function documentHistory(db: Executor, id: number): Promise<DocumentVersion[]> {
  const [row] = await db.select(versionColumns).from(documents).where(eq(documents.id, id));
  if (!row) return [];
  return db
    .select(versionColumns)
    .from(documents)
    .where(slotCondition(row, row.documentTypeCode, row.locale))
    .orderBy(desc(documents.id));
}

/**
 * One document version as a proposed change on it is made (docs/approval.md): its owner's name and
 * what the public sees of it. A published version is read by the public, current or superseded (the
 * library's archive): the approval door decides from `state.published` and `state.current`.
 */
export async function documentForReview(db: Executor, id: number) {
  const found = await ownerOfDocument(db, id);
  if (!found) return null;
  const { row, owner } = found;
  return {
    ownerName: owner.name,
    fundId: row.fundId ?? (row.shareId === null ? null : ((await db.select({ fundId: shares.fundId }).from(shares).where(eq(shares.id, row.shareId)))[0]?.fundId ?? null)),
    state: { id: row.id, typeCode: row.documentTypeCode, locale: row.locale, title: row.title, fileName: row.fileName, sha256: row.sha256, publishedAt: row.publishedAt, published: row.published, current: row.supersededAt === null, countries: [...row.countries].sort() },
  };
}

/**
 * The current version of a document slot (owner, type, language) as a proposed upload is made on
 * (docs/approval.md): null when the owner or type is unknown; `current` null while the slot is empty.
 */
export async function documentSlotState(
  db: Executor,
  owner: DocumentOwner,
  typeCode: string,
  locale: string,
): Promise<{ ownerName: string; current: Pick<DocumentVersion, 'id' | 'title' | 'fileName' | 'sha256' | 'publishedAt' | 'published'> | null } | null> {
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(locale)) return null;
  const [type] = await db.select({ code: documentTypes.code }).from(documentTypes).where(eq(documentTypes.code, typeCode));
  const resolved = type ? await resolveOwner(db, owner, locale as Locale) : null;
  if (!type || !resolved) return null;
  const [latest] = await db
    .select({ id: documents.id, title: documents.title, fileName: documents.fileName, sha256: documents.sha256, publishedAt: documents.publishedAt, published: documents.published })
    .from(documents)
    .where(and(slotCondition(resolved, type.code, locale), isNull(documents.supersededAt)))
    .orderBy(desc(documents.publishedAt), desc(documents.id))
    .limit(1);
  return { ownerName: resolved.name, current: latest ?? null };
}
