import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_EMULATOR_HOST } from '../../../scripts/testEmulator';
import { LOCK_FILE, lockFolder } from '../../../src/server/db/folderLock';
import { freePort, startApi } from './processes';

/**
 * The embedded database's folder lock knows whether its owner is alive: a restart right after a
 * crash starts at once, and a second live process on the same folder is still refused.
 */
jest.setTimeout(180_000);

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tally-lock-'));
const IN_USE = /The database folder .* is in use by another Tally process/;

describe('the API on PGlite after SIGKILL', () => {
  it('starts again at once, three times in a row, and keeps refusing a second live process', async () => {
    const dataDir = tmpDir();
    const opts = { dataDir, emulatorHost: TEST_EMULATOR_HOST, databaseUrl: null };
    try {
      for (let round = 0; round < 3; round++) {
        const api = await startApi({ ...opts, port: await freePort() });
        expect(fs.existsSync(path.join(dataDir, 'pglite', LOCK_FILE))).toBe(true);
        // A second process on the same folder while the first lives: refused, with words.
        await expect(startApi({ ...opts, port: await freePort() })).rejects.toThrow(IN_USE);
        expect(await api.kill('SIGKILL')).toBe('SIGKILL');
      }
      const last = await startApi({ ...opts, port: await freePort() });
      expect((await fetch(`${last.url}/healthz`)).status).toBe(200);
      await last.kill('SIGTERM');
      // A clean stop leaves no lock behind.
      expect(fs.existsSync(path.join(dataDir, 'pglite', LOCK_FILE))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('lockFolder', () => {
  const deadPid = async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.once('exit', r));
    return child.pid!;
  };

  it('takes over a lock whose owner is dead, or half written', async () => {
    for (const content of [JSON.stringify({ pid: await deadPid(), started: null }), '{"pid":', '']) {
      const dir = tmpDir();
      fs.writeFileSync(path.join(dir, LOCK_FILE), content);
      const release = lockFolder(dir);
      expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
      release();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('respects a live owner, and a folder this process already holds', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, started: null }));
    expect(() => lockFolder(dir)).toThrow(IN_USE);
    fs.rmSync(path.join(dir, LOCK_FILE));
    const release = lockFolder(dir);
    expect(() => lockFolder(dir)).toThrow(IN_USE);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a live pid that started at another time is not the owner (the pid was reused)', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, started: '1' }));
    const release = lockFolder(dir);
    // The lock was taken over: it now names this process, not the reused pid.
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
