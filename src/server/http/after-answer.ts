import 'server-only';
import { after } from 'next/server';

/**
 * Runs a task once the answer is sent (next/server's after()), so a client does not wait for work
 * it does not need the result of. Outside a request (a CLI, a test calling a route handler) there is
 * no answer to wait for: the task runs now and is awaited.
 */
export function afterAnswer(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
    return Promise.resolve();
  } catch {
    return task();
  }
}
