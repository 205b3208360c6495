import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isUp } from '../../../scripts/emulator';
import { emulatorConfigFile } from '../../../scripts/testEmulator';
import { freePortRun } from '../../../scripts/freePort';
import { sleep } from '../security/processes';

/**
 * An auth emulator whose parent was killed outright (no exit handler runs) is reused by the next
 * run, so it must go on answering after logging: with its output in a pipe it died on the first
 * line it wrote (a password-reset link) and every later test was refused.
 */
jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../../..');
const projectId = `demo-orphan-${process.pid}`;

afterAll(async () => {
  await promisify(execFile)('pkill', ['-f', `project ${projectId}`]).catch(() => undefined);
});

it('an emulator left by a killed parent still answers after it logs', async () => {
  // Its hub and logging ports follow its own: all three must be free.
  const host = `127.0.0.1:${await freePortRun(3)}`;
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tally-orphan-')), 'parent.ts');
  fs.writeFileSync(
    script,
    [
      `import { startAuthEmulator } from ${JSON.stringify(path.join(root, 'scripts/emulator'))};`,
      `startAuthEmulator({ configFile: ${JSON.stringify(emulatorConfigFile(host))}, host: '${host}', projectId: '${projectId}' })`,
      `  .then(() => process.kill(process.pid, 'SIGKILL'));`,
    ].join('\n'),
  );
  const parent = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  parent.stderr.on('data', (b: Buffer) => (errors += b.toString()));
  const exit = await new Promise<string>((resolve) => parent.once('exit', (code, sig) => resolve(sig ?? `code ${code}`)));
  // Anything but SIGKILL means the emulator did not start: say why.
  expect({ exit, errors: exit === 'SIGKILL' ? '' : errors }).toEqual({ exit: 'SIGKILL', errors: '' });
  expect(await isUp(host)).toBe(true);

  const api = `http://${host}/identitytoolkit.googleapis.com/v1/accounts`;
  const post = (what: string, body: object) =>
    fetch(`${api}:${what}?key=fake-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('signUp', { email: 'orphan@example.com', password: 'secret-pass-1' })).status).toBe(200);
  // The emulator logs the reset link: the line that used to kill it.
  expect((await post('sendOobCode', { requestType: 'PASSWORD_RESET', email: 'orphan@example.com' })).status).toBe(200);
  await sleep(1000);
  expect(await isUp(host)).toBe(true);
  expect((await post('signInWithPassword', { email: 'orphan@example.com', password: 'secret-pass-1' })).status).toBe(200);
});
