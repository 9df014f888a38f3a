import 'server-only';
import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import { INTERNATIONAL_COUNTRY, countryPageCode } from '@/domain/registrations/audience';
import { isLinkTextCode, isSafeLink } from '@/domain/content/link-target';
import { pick } from '@/domain/language/localize';
import { EDIT_LANGUAGES, PAGE_LIMITS, diffPages, pageChangeScope, type PageDiff, type PageSnapshot } from '@/domain/content/page-edit';
import { richTextToPlain } from '@/domain/content/rich-text';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { componentTexts, contentDocuments, countries, pageComponents, pageVersions, pages } from '@/server/db/schema';
import type { Tx } from '@/server/db/types';
import { publishChange } from '@/server/publish/publish';
import { pageSnapshot } from '@/server/pages/staff-queries';

/**
 * Saving and restoring a content page's texts (back-office). Each change is one transaction: the page's
 * rows, a new numbered version in its history (and, on the first change, the state it started from),
 * the audit entry with what changed, and the page's documents of the content endpoint (/_content);
 * then it is published at once (src/server/publish/publish.ts).
 */

export type PageSaveResult = { ok: true; changed: boolean; version: number | null } | { ok: false; error: 'unknown' | 'unknown-version' };

/** Writes a state of the page over the stored one: the components and texts the snapshot has, in its order. */
async function writeSnapshot(tx: Tx, code: string, snapshot: PageSnapshot): Promise<void> {
  await tx.update(pages).set({ title: snapshot.title, description: snapshot.description }).where(eq(pages.code, code));
  const keep = snapshot.components.map((c) => c.code);
  await tx
    .delete(pageComponents)
    .where(keep.length ? and(eq(pageComponents.pageCode, code), notInArray(pageComponents.code, keep)) : eq(pageComponents.pageCode, code));
  for (const [position, component] of snapshot.components.entries()) {
    const [row] = await tx
      .insert(pageComponents)
      .values({ pageCode: code, code: component.code, position })
      .onConflictDoUpdate({ target: [pageComponents.pageCode, pageComponents.code], set: { position } })
      .returning({ id: pageComponents.id });
    if (!row) throw new Error(`component ${code}/${component.code} not written`);
    const texts = component.texts.map((t) => t.code);
    await tx
      .delete(componentTexts)
      .where(texts.length ? and(eq(componentTexts.componentId, row.id), notInArray(componentTexts.code, texts)) : eq(componentTexts.componentId, row.id));
    for (const [textPosition, text] of component.texts.entries()) {
      await tx
        .insert(componentTexts)
        .values({ componentId: row.id, code: text.code, position: textPosition, content: text.content })
        .onConflictDoUpdate({ target: [componentTexts.componentId, componentTexts.code], set: { position: textPosition, content: text.content } });
    }
  }
}

/** The content endpoint's documents of the page (one per language), as the seed shapes them. */
async function writeContentDocuments(tx: Tx, code: string, snapshot: PageSnapshot): Promise<void> {
  for (const locale of EDIT_LANGUAGES) {
    const path = `/${locale}/pages/${code}`;
    // A link text that fails the link rule (a version restored from before it) is not published (link-target.ts).
    const components = snapshot.components.map((c) => ({
      code: c.code,
      texts: c.texts.map((x) => ({ code: x.code, content: pick(x.content, locale) })).filter((x) => !isLinkTextCode(x.code) || isSafeLink(x.content)),
    }));
    const data = {
      path,
      slug: code,
      locale,
      title: pick(snapshot.title, locale),
      description: pick(snapshot.description, locale),
      components,
      text: richTextToPlain(components.flatMap((c) => c.texts.map((x) => x.content)).join(' ')),
    };
    await tx
      .insert(contentDocuments)
      .values({ path, locale, data })
      .onConflictDoUpdate({ target: contentDocuments.path, set: { data, updatedAt: sql`now()` } });
  }
}

/** Adds a version numbered after the newest, and drops those past the number kept. */
async function addVersion(tx: Tx, code: string, snapshot: PageSnapshot, kind: 'edit' | 'restore', actor: Actor, restoredFrom: number | null, before: PageSnapshot): Promise<number> {
  const [latest] = await tx.select({ number: pageVersions.number }).from(pageVersions).where(eq(pageVersions.pageCode, code)).orderBy(desc(pageVersions.number)).limit(1);
  let number = latest?.number ?? 0;
  if (!latest) {
    // The first change: keep the state it starts from, so it can be restored.
    number = 1;
    await tx.insert(pageVersions).values({ pageCode: code, number, kind: 'initial', snapshot: before });
  }
  number += 1;
  await tx.insert(pageVersions).values({
    pageCode: code,
    number,
    kind,
    restoredFrom,
    snapshot,
    actorId: actor.type === 'system' ? null : actor.id,
    actorLabel: actor.label,
  });
  await tx.delete(pageVersions).where(and(eq(pageVersions.pageCode, code), lt(pageVersions.number, number - PAGE_LIMITS.versionsKept + 1)));
  return number;
}

function auditDiff(diff: PageDiff) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (diff.title) [before.title, after.title] = [diff.title.before, diff.title.after];
  if (diff.description) [before.description, after.description] = [diff.description.before, diff.description.after];
  const texts = Object.entries(diff.texts);
  if (texts.length) {
    before.texts = Object.fromEntries(texts.map(([k, v]) => [k, v.before]));
    after.texts = Object.fromEntries(texts.map(([k, v]) => [k, v.after]));
  }
  return { before, after };
}

async function change(db: Db, code: string, actor: Actor, next: (current: PageSnapshot, tx: Tx) => Promise<{ snapshot: PageSnapshot; kind: 'edit' | 'restore'; restoredFrom: number | null } | 'unknown-version'>): Promise<PageSaveResult> {
  const outcome = await db.transaction(async (tx) => {
    // One change of a page at a time: the version numbers follow each other.
    const locked = await tx.select({ code: pages.code }).from(pages).where(eq(pages.code, code)).for('update');
    if (locked.length === 0) return { ok: false as const, error: 'unknown' as const };
    const current = await pageSnapshot(tx, code);
    if (!current) return { ok: false as const, error: 'unknown' as const };
    const target = await next(current, tx);
    if (target === 'unknown-version') return { ok: false as const, error: 'unknown-version' as const };
    const diff = diffPages(current, target.snapshot);
    if (!diff) return { ok: true as const, changed: false, version: null, scope: null };
    await writeSnapshot(tx, code, target.snapshot);
    await writeContentDocuments(tx, code, target.snapshot);
    const version = await addVersion(tx, code, target.snapshot, target.kind, actor, target.restoredFrom, current);
    const { before, after } = auditDiff(diff);
    await recordAudit(tx, {
      actor,
      entity: 'page',
      entityId: code,
      action: target.kind === 'restore' ? 'restore' : 'update',
      before,
      after: target.restoredFrom === null ? { ...after, version } : { ...after, version, restoredFrom: target.restoredFrom },
    });
    return { ok: true as const, changed: true, version, scope: pageChangeScope(code, diff) };
  });
  if (!outcome.ok) return outcome;
  const { scope, ...result } = outcome;
  if (scope) await publishChange(db, scope);
  return result;
}

/**
 * Saves a page's texts (already read and cleaned by readPageForm on the stored structure): the
 * components and texts it does not name are kept as they are.
 */
export function savePage(db: Db, code: string, edited: PageSnapshot, actor: Actor): Promise<PageSaveResult> {
  return change(db, code, actor, async (current) => {
    const texts = new Map(edited.components.flatMap((c) => c.texts.map((t) => [`${c.code}/${t.code}`, t.content] as const)));
    return {
      kind: 'edit',
      restoredFrom: null,
      snapshot: {
        title: edited.title,
        description: edited.description,
        components: current.components.map((c) => ({
          code: c.code,
          texts: c.texts.map((t) => ({ code: t.code, content: texts.get(`${c.code}/${t.code}`) ?? t.content })),
        })),
      },
    };
  });
}

/** Brings back a kept version of a page: a change like any other (new version, audited, published). */
export function restorePageVersion(db: Db, code: string, number: number, actor: Actor): Promise<PageSaveResult> {
  return change(db, code, actor, async (_current, tx) => {
    if (!Number.isSafeInteger(number)) return 'unknown-version';
    const [row] = await tx
      .select({ snapshot: pageVersions.snapshot })
      .from(pageVersions)
      .where(and(eq(pageVersions.pageCode, code), eq(pageVersions.number, number)));
    if (!row) return 'unknown-version';
    return { kind: 'restore', restoredFrom: number, snapshot: row.snapshot };
  });
}

export type CountryPageCreateResult = { ok: true; changed: true; code: string } | { ok: false; error: 'unknown-country' | 'exists' };

/**
 * Creates the information page of a country's investors (docs/decisions/035), coded `country-{CODE}`,
 * after the other pages, with the texts given (read by readPageForm on the template's structure,
 * src/domain/content/country-page.ts), audited, then published: the page's tag expires the pages of that
 * country's visitors, whose footer links it, and the route catalog learns the new path. A country
 * outside the country table, the international choice (not a country) and a country that already
 * has its page are refused, and nothing is written.
 */
export async function createCountryPage(db: Db, country: string, snapshot: PageSnapshot, actor: Actor): Promise<CountryPageCreateResult> {
  const code = countryPageCode(country);
  const outcome = await db.transaction(async (tx): Promise<CountryPageCreateResult> => {
    const [known] = country === INTERNATIONAL_COUNTRY ? [] : await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, country));
    if (!known) return { ok: false, error: 'unknown-country' };
    const [inserted] = await tx
      .insert(pages)
      .values({ code, title: snapshot.title, description: snapshot.description, position: sql`(SELECT coalesce(max(${pages.position}), -1) + 1 FROM ${pages})` })
      .onConflictDoNothing({ target: pages.code })
      .returning({ code: pages.code });
    if (!inserted) return { ok: false, error: 'exists' };
    await writeSnapshot(tx, code, snapshot);
    await recordAudit(tx, { actor, entity: 'page', entityId: code, action: 'create', before: null, after: { country, title: snapshot.title, components: snapshot.components.map((c) => c.code) } });
    return { ok: true, changed: true, code };
  });
  if (outcome.ok) await publishChange(db, { pages: [code] });
  return outcome;
}
