/**
 * The house's logo is data (issue 43, docs/decisions/062): an admin uploads it on the company
 * screen, the approval door keeps it with a proposal, a compliance officer approves it, and then
 * the header shows it, the image's address serves the checked bytes with their own CSP, the
 * go-live checklist finds it, and the audit names it. An SVG with a script never gets that far.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageErrorText } from '../../src/app/admin/(staff)/company/_errors';
import { GET } from '../../src/app/brand/[file]/route';
import { Logo } from '../../src/components/layout/logo';
import { checkHouseImage } from '../../src/domain/content/house-images';
import { adminTranslator } from '../../src/i18n/admin';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, proposalById, proposalFile, type Person } from '../../src/server/approval/service';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { houseImageInput, type HouseImageInput } from '../../src/server/house-images/change';
import { setupFacts } from '../../src/server/setup/queries';
import { getLayoutData } from '../../src/server/site/layout-queries';
import { getCompany } from '../../src/server/site/queries';
import { staffPeople } from '../support/staff-people';

const run = randomUUID().slice(0, 8);
const people = {} as Record<'admin' | 'compliance', Person>;
const ALL = ['funds', 'pages', 'company', 'news', 'documents', 'registrations'] as const;
const CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const LOGO = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40"><!-- ${run} --><rect width="40" height="40" rx="8" fill="#0b3a6e"/><text x="50" y="27" font-size="18">Maison ${run}</text></svg>`;

const bytes = (text: string) => new TextEncoder().encode(text);

beforeAll(async () => {
  Object.assign(people, await staffPeople(['admin', 'compliance'] as const, `house-images-${run}`));
  // A house that has not stored its own images yet (the demo seeds a logo): this file's own database.
  await (await getDb()).delete(t.houseImages);
});

const image = (url: string, headers: Record<string, string> = {}) => {
  const file = url.split('/').pop() ?? '';
  return GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({ file }) });
};

describe('the house’s logo, through the approval door', () => {
  it('refuses an SVG with a script, in the staff member’s language, and stores nothing', async () => {
    const db = await getDb();
    const raw = bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><script>alert(document.cookie)</script><rect width="40" height="40"/></svg>');
    // The door checks the bytes again, whatever a form said of them.
    const input: HouseImageInput = { image: 'logo', fileName: 'logo.svg', sha256: createHash('sha256').update(raw).digest('hex'), size: raw.byteLength, contentType: 'image/svg+xml', width: 40, height: 40 };
    const refused = await saveChange(db, 'company.image', input, people.admin, { areas: ALL, file: raw });
    expect(refused).toEqual({ mode: 'invalid', problems: { fields: { file: 'svg-script' } } });
    expect(imageErrorText(adminTranslator('en'), 'logo', 'svg-script')).toBe('The SVG contains a script, an event handler (onload…), an animation or a javascript: link, which are refused.');
    expect(imageErrorText(adminTranslator('fr'), 'logo', 'svg-script')).toBe('Le SVG contient un script, un gestionnaire d’événement (onload…), une animation ou un lien javascript:, ce qui est refusé.');
    expect(imageErrorText(adminTranslator('es'), 'logo', 'svg-script')).toBe('El SVG contiene un script, un gestor de eventos (onload…), una animación o un enlace javascript:, lo que se rechaza.');
    expect(imageErrorText(adminTranslator('fr'), 'social', 'too-large')).toBe('Le fichier est trop lourd : 2048 Ko au plus.');
    expect(await db.select().from(t.proposedChange).where(eq(t.proposedChange.authorId, people.admin.id))).toEqual([]);
    expect(await db.select({ kind: t.houseImages.kind }).from(t.houseImages)).toEqual([]);
  });

  it('is proposed by an admin, approved by a compliance officer, then shown in the header and served with its own CSP', async () => {
    const db = await getDb();
    expect((await setupFacts(db)).hasLogo).toBe(false);
    const checked = checkHouseImage('logo', bytes(LOGO));
    if (!checked.ok) throw new Error(checked.problem);
    const upload = houseImageInput('logo', 'C:\\exports\\logo maison.svg', checked.image);
    expect(upload.input).toMatchObject({ image: 'logo', fileName: 'logo maison.svg', contentType: 'image/svg+xml', width: 160, height: 40 });

    // It waits: the site reads nothing of it, and the review screen has the proposed bytes.
    const proposed = await saveChange(db, 'company.image', upload.input, people.admin, { areas: ALL, note: 'New logo', file: upload.file });
    if (proposed.mode !== 'proposed') throw new Error(`proposed expected, got ${JSON.stringify(proposed)}`);
    expect((await getCompany('en'))?.images.logo).toBeNull();
    const review = await proposalById(db, proposed.id);
    expect(review).toMatchObject({ kind: 'company.image', area: 'company', status: 'pending', hasFile: true, before: { image: 'logo', sha256: null }, after: { image: 'logo', sha256: upload.input.sha256, width: 160, height: 40 } });
    // PostgreSQL's driver gives a Buffer, PGlite a Uint8Array: the bytes are compared.
    expect(new Uint8Array((await proposalFile(db, proposed.id))?.bytes ?? [])).toEqual(upload.file);
    // Four eyes: never its author.
    expect(await approveChange(db, proposed.id, people.admin)).toEqual({ ok: false, error: 'own' });
    expect(await approveChange(db, proposed.id, people.compliance)).toEqual({ ok: true, status: 'published' });

    // The header's data and its HTML: the stored logo, its text alternative the house's name.
    const layout = await getLayoutData('en', { profile: 'RETAIL', country: 'FR' });
    const url = layout.company.logo?.url ?? '';
    expect(url).toBe(`/brand/logo.${upload.input.sha256.slice(0, 16)}.svg`);
    const html = renderToStaticMarkup(createElement(Logo, { href: layout.home.href, title: layout.company.title, label: 'Home', image: layout.company.logo }));
    expect(html).toContain(`src="${url}"`);
    expect(html).toContain(`alt="${layout.company.title}"`);
    expect(html).not.toContain('<svg');

    // The address serves the checked bytes, its own CSP and nosniff, kept for a year; another hash or type is a 404.
    const served = await image(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(served.headers.get('content-security-policy')).toBe(CSP);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(upload.file);
    expect((await image(url, { 'if-none-match': `"${upload.input.sha256}"` })).status).toBe(304);
    for (const other of [url.replace('.svg', '.png'), '/brand/logo.0000000000000000.svg', `/brand/favicon.${upload.input.sha256.slice(0, 16)}.svg`, '/brand/logo.svg']) {
      const missing = await image(other);
      expect(missing.status, other).toBe(404);
      expect(missing.headers.get('content-security-policy'), other).toBe(CSP);
    }
    // (The proxy, which gives every other answer the site's CSP, leaves /brand the image's: src/proxy.test.ts.)

    // The checklist finds it; the audit names what the logo was and is.
    expect((await setupFacts(db)).hasLogo).toBe(true);
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, 'house_image'), eq(t.auditLog.entityId, 'logo')))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'create', after: { image: 'logo', contentType: 'image/svg+xml', sha256: upload.input.sha256, fileName: 'logo maison.svg' } });
    expect(entry?.actorLabel).toContain(`approved by ${people.compliance.label}`);
    expect((await proposalById(db, proposed.id))?.status).toBe('published');

    // Proposing the stored logo again changes nothing, and stores no proposal.
    expect(await saveChange(db, 'company.image', upload.input, people.admin, { areas: ALL, file: upload.file })).toEqual({ mode: 'unchanged' });
  });

  it('stores a favicon at once under a policy without approval, and the site reads it', async () => {
    const db = await getDb();
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b3a6e"/></svg>');
    const checked = checkHouseImage('favicon', svg);
    if (!checked.ok) throw new Error(checked.problem);
    const upload = houseImageInput('favicon', 'favicon.svg', checked.image);
    const outcome = await saveChange(db, 'company.image', upload.input, people.admin, { areas: [], file: upload.file });
    expect(outcome).toMatchObject({ mode: 'published', changed: true });
    expect((await getCompany('fr'))?.images.favicon).toEqual({ url: `/brand/favicon.${upload.input.sha256.slice(0, 16)}.svg`, contentType: 'image/svg+xml', width: 32, height: 32 });
  });
});
