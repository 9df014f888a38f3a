import 'server-only';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per PGlite folder: PGlite does not guard its folder, and two processes writing one
 * (the server and `npm run import:navs`, or two servers) corrupt it. Before opening, a process
 * creates `{folder}.lock` exclusively (O_EXCL) with its pid; a second one fails at once with a
 * message naming the holder. A lock whose process is gone (killed, crashed) is taken over.
 */
export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The database folder ${folder} is in use by another process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'A PGlite folder belongs to one process: stop the server before running a command on it, or give each server its own PGLITE_DIR. ' +
        `If no such process runs, delete ${lockPathOf(folder)}.`,
    );
    this.name = 'FolderLockedError';
  }
}

export const lockPathOf = (folder: string) => `${path.resolve(folder)}.lock`;

/** Locks this process holds, so that its own pid in a lock file is told apart from a dead process that had it before. */
const held = new Set<string>();
let exitHookInstalled = false;

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function alive(pid: number | null, lockPath: string): boolean {
  if (pid === null) return false;
  if (pid === process.pid) return held.has(lockPath); // a previous run that had our pid (containers restart as pid 1)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

function create(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/**
 * Takes the lock of `folder` for this process, or throws FolderLockedError. Returns the function
 * that releases it (also released when the process exits).
 */
export function lockFolder(folder: string): () => void {
  const lockPath = lockPathOf(folder);
  if (!create(lockPath)) {
    const holder = readHolder(lockPath);
    if (alive(holder, lockPath)) throw new FolderLockedError(folder, holder);
    // Stale. Two processes may find it stale together: the one that makes `.breaking` first
    // removes it, the other then finds a live holder (or none) and fails or retries cleanly.
    const guard = `${lockPath}.breaking`;
    if (!create(guard)) throw new FolderLockedError(folder, readHolder(guard));
    try {
      if (readHolder(lockPath) === holder) removeQuietly(lockPath);
    } finally {
      removeQuietly(guard);
    }
    if (!create(lockPath)) throw new FolderLockedError(folder, readHolder(lockPath));
  }
  held.add(lockPath);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const file of held) if (readHolder(file) === process.pid) removeQuietly(file);
    });
  }
  return () => {
    if (!held.delete(lockPath)) return;
    if (readHolder(lockPath) === process.pid) removeQuietly(lockPath);
  };
}
