import 'server-only';
import type { Db } from './client';

/** A transaction of either driver: write helpers take this so they run inside the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
