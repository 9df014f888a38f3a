import { describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limits.mjs';

const MB = 1024 * 1024;

describe('bodyLimit', () => {
  it('gives each path the size its route accepts', () => {
    expect(bodyLimit('/admin/funds/3/edit', { staff: true })).toBe(21 * MB);
    expect(bodyLimit('/admin', { staff: true })).toBe(21 * MB);
    expect(bodyLimit('/api/forms/contact')).toBe(10 * MB + 64 * 1024);
    expect(bodyLimit('/%5Fcontent/fr/news')).toBe(64_000);
    expect(bodyLimit('/graphql')).toBe(100_000);
    expect(bodyLimit('/_content/fr/news')).toBe(64_000);
    expect(bodyLimit('/fr')).toBe(64 * 1024);
    expect(bodyLimit('/administrator')).toBe(64 * 1024);
  });

  it('gives the back-office no more than the sign-in form needs without a live staff session', () => {
    expect(bodyLimit('/admin/login')).toBe(64 * 1024);
    expect(bodyLimit('/admin/funds/3/edit')).toBe(64 * 1024);
    // A session changes nothing outside the back-office.
    expect(bodyLimit('/fr', { staff: true })).toBe(64 * 1024);
    expect(bodyLimit('/graphql', { staff: true })).toBe(100_000);
  });

  it('leaves the import API to bound its own streamed bodies', () => {
    expect(bodyLimit('/api/admin/v1/navs')).toBeNull();
    expect(bodyLimit('/api/admin/v1/documents')).toBeNull();
    // The registration matrix (2 MB, docs/registrations.md) is read the same way, not cut at 64 KB.
    expect(bodyLimit('/api/admin/v1/registrations')).toBeNull();
    expect(bodyLimit('/api/admin/v1/registrations/')).toBeNull();
    expect(bodyLimit('/api/admin/v1/registrations/x')).toBe(64 * 1024);
    // Dividends (1 MB, docs/api.md) likewise.
    expect(bodyLimit('/api/admin/v1/distributions')).toBeNull();
    expect(bodyLimit('/api/admin/v1/events')).toBeNull();
    expect(bodyLimit('/api/admin/v1/events/12')).toBeNull();
    expect(bodyLimit('/api/admin/v1/events/12/notices')).toBeNull();
    expect(bodyLimit('/api/admin/v1/events/12/other')).toBe(64 * 1024);
    expect(bodyLimit('/api/admin/v1/me')).toBe(64 * 1024);
  });
});
