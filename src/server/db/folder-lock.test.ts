import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderLockedError, lockFolder, lockPathOf } from './folder-lock';

let root: string;
let folder: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'folder-lock-'));
  folder = path.join(root, 'pglite');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited: nobody holds it any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('lockFolder', () => {
  it('lets one holder in and refuses the next at once, naming the holder', () => {
    const release = lockFolder(folder);
    expect(readFileSync(lockPathOf(folder), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockFolder(folder)).toThrow(FolderLockedError);
    expect(() => lockFolder(folder)).toThrow(new RegExp(`in use by another process \\(pid ${process.pid}\\).*stop the server`));
    release();
    expect(existsSync(lockPathOf(folder))).toBe(false);
    lockFolder(folder)();
  });

  it('refuses a folder held by another live process', () => {
    writeFileSync(lockPathOf(folder), `${process.ppid}\n`);
    expect(() => lockFolder(folder)).toThrow(`pid ${process.ppid}`);
    expect(readFileSync(lockPathOf(folder), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that is gone', () => {
    writeFileSync(lockPathOf(folder), `${deadPid()}\n`);
    const release = lockFolder(folder);
    expect(readFileSync(lockPathOf(folder), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockFolder(folder)).toThrow(FolderLockedError);
    release();
  });

  it('takes over a lock left with its own pid by an earlier run (a container restarting as pid 1), or unreadable', () => {
    writeFileSync(lockPathOf(folder), `${process.pid}\n`);
    lockFolder(folder)();
    writeFileSync(lockPathOf(folder), 'garbage');
    lockFolder(folder)();
    expect(existsSync(lockPathOf(folder))).toBe(false);
  });

  it('releases only its own lock', () => {
    const release = lockFolder(folder);
    writeFileSync(lockPathOf(folder), `${process.ppid}\n`); // someone broke it and took it meanwhile
    release();
    expect(readFileSync(lockPathOf(folder), 'utf8').trim()).toBe(String(process.ppid));
  });
});
