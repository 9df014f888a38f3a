import { describe, expect, it } from 'vitest';
import { bodyLimit, refuseBody } from './body-limits.mjs';

const MB = 1024 * 1024;

describe('bodyLimit', () => {
  it('gives each path the size its route accepts', () => {
    expect(bodyLimit('/admin/funds/3/edit')).toBe(21 * MB);
    expect(bodyLimit('/api/forms/contact')).toBe(10 * MB + 64 * 1024);
    expect(bodyLimit('/%5Fcontent/fr/news')).toBe(128 * 1024);
    expect(bodyLimit('/graphql')).toBe(128 * 1024);
    expect(bodyLimit('/_content/fr/news')).toBe(128 * 1024);
    expect(bodyLimit('/fr')).toBe(64 * 1024);
    expect(bodyLimit('/administrator')).toBe(64 * 1024);
  });

  it('leaves the import API to bound its own streamed bodies', () => {
    expect(bodyLimit('/api/admin/v1/navs')).toBeNull();
    expect(bodyLimit('/api/admin/v1/documents')).toBeNull();
    expect(bodyLimit('/api/admin/v1/me')).toBe(64 * 1024);
  });
});

describe('refuseBody', () => {
  it('lets requests without a body through', () => {
    expect(refuseBody('GET', '/fr', { 'content-length': String(50 * MB) })).toBeNull();
    expect(refuseBody('POST', '/fr', {})).toBeNull();
  });

  it('refuses a declared length over the path limit, before reading it', () => {
    expect(refuseBody('POST', '/fr/contact', { 'content-length': String(20 * MB) })?.status).toBe(413);
    expect(refuseBody('POST', '/graphql?x=1', { 'content-length': '200000' })?.status).toBe(413);
    expect(refuseBody('POST', '/api/forms/contact', { 'content-length': String(10 * MB) })).toBeNull();
    expect(refuseBody('POST', '/admin/imports', { 'content-length': String(16 * MB) })).toBeNull();
  });

  it('refuses chunked bodies where the route would have them buffered whole', () => {
    expect(refuseBody('POST', '/graphql', { 'transfer-encoding': 'chunked' })?.status).toBe(411);
    expect(refuseBody('POST', '/api/forms/career', { 'transfer-encoding': 'chunked' })?.status).toBe(411);
    expect(refuseBody('POST', '/api/admin/v1/navs', { 'transfer-encoding': 'chunked' })).toBeNull();
  });

  it('refuses a Content-Length that is not a length', () => {
    expect(refuseBody('POST', '/graphql', { 'content-length': '-1' })?.status).toBe(400);
    expect(refuseBody('POST', '/graphql', { 'content-length': '1e9' })?.status).toBe(400);
  });
});
