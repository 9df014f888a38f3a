import type { ChildProcess } from 'node:child_process';

/**
 * The last 2,000 lines a proxy the suite started printed, a promise of its exit, and its end with the
 * suite's process (an exception, Ctrl-C) by `signal`.
 */
export function supervise(child: ChildProcess, signal: NodeJS.Signals): { output: string[]; exited: Promise<void> } {
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      output.push(...chunk.split('\n').filter(Boolean));
      if (output.length > 2000) output.splice(0, output.length - 2000);
    });
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const onExit = () => child.kill(signal);
  process.on('exit', onExit);
  void exited.then(() => process.off('exit', onExit));
  return { output, exited };
}
