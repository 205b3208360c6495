/**
 * The node command line `npm run start:production` (or `worker:production`) uses, read from
 * package.json: benchmarks start the compiled server exactly as production does, with the same
 * V8 flags, from that one place.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** The arguments after `node` in the package script: its flags, then the compiled entry. */
export function productionNodeArgs(script: 'start:production' | 'worker:production'): string[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = scripts[script].trim().split(/\s+/);
  if (command !== 'node') throw new Error(`package.json's ${script} does not start with node: ${scripts[script]}`);
  return args.map((a) => (a.startsWith('-') ? a : path.join(root, a)));
}
