import { describe, expect, it } from 'vitest';
import { can, isRole, isTokenScope, PERMISSIONS, ROLES } from './roles';

describe('roles', () => {
  it('gives an admin every permission', () => {
    for (const permission of PERMISSIONS) expect(can('admin', permission)).toBe(true);
  });

  it('lets an editor change fund data and content but not accounts', () => {
    expect(can('editor', 'funds.write')).toBe(true);
    expect(can('editor', 'content.write')).toBe(true);
    expect(can('editor', 'accounts.manage')).toBe(false);
  });

  it('limits the data role to imports and documents', () => {
    expect(can('data', 'data.import')).toBe(true);
    expect(can('data', 'documents.write')).toBe(true);
    expect(can('data', 'funds.write')).toBe(false);
    expect(can('data', 'content.write')).toBe(false);
  });

  it('lets editors and admins, not the data role, change the registration matrix', () => {
    expect(can('editor', 'registrations.write')).toBe(true);
    expect(can('admin', 'registrations.write')).toBe(true);
    expect(can('data', 'registrations.write')).toBe(false);
    expect(can('reader', 'registrations.write')).toBe(false);
    expect(isTokenScope('registrations')).toBe(true);
  });

  it('lets a reader see and change nothing', () => {
    const sees = ['backoffice.read', 'submissions.read'];
    for (const permission of sees) expect(can('reader', permission as 'backoffice.read')).toBe(true);
    for (const permission of PERMISSIONS.filter((p) => !sees.includes(p))) expect(can('reader', permission)).toBe(false);
  });

  it('keeps the visitors’ submissions from the data role, and lets editors handle them', () => {
    expect(can('data', 'submissions.read')).toBe(false);
    expect(can('editor', 'submissions.handle')).toBe(true);
    expect(can('reader', 'submissions.handle')).toBe(false);
  });

  it('lets compliance see everything and review changes, but write no content, data or account', () => {
    expect(can('compliance', 'backoffice.read')).toBe(true);
    expect(can('compliance', 'changes.review')).toBe(true);
    for (const permission of ['funds.write', 'documents.write', 'data.import', 'content.write', 'submissions.handle', 'accounts.manage'] as const) {
      expect(can('compliance', permission)).toBe(false);
    }
    expect(can('editor', 'changes.review')).toBe(false);
    expect(can('data', 'changes.review')).toBe(false);
  });

  it('refuses everything to an unknown or missing role', () => {
    expect(can('root', 'backoffice.read')).toBe(false);
    expect(can(undefined, 'backoffice.read')).toBe(false);
    expect(can('__proto__', 'backoffice.read')).toBe(false);
    expect(isRole('constructor')).toBe(false);
    expect(ROLES.every(isRole)).toBe(true);
  });

  it('knows the import-API token scopes', () => {
    expect(isTokenScope('navs')).toBe(true);
    expect(isTokenScope('findatex:read')).toBe(true);
    expect(isTokenScope('findatex')).toBe(false);
    expect(isTokenScope('accounts')).toBe(false);
  });
});
