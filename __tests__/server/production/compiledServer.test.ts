import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../../scripts/build-server';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteFolder, pgliteFolderExists } from '../../../src/server/db/pgliteFolder';
import { LOCK_FILE } from '../../../src/server/db/folderLock';
import { migrations } from '../../../src/server/db/migrations';
import { TEST_EMULATOR_HOST, emulatorSignUp, uniqueEmail } from '../../../scripts/testEmulator';
import { dataUrl, receiptPng } from '../modules/scan/receiptImage';
import { freePort, startApi, type ApiProcess } from '../security/processes';

/**
 * The server as a small home server runs it: compiled to JavaScript (npm run build:server), on
 * the embedded database in a folder it creates, serving the web app from the same process and
 * scanning through its compiled scan process.
 */
jest.setTimeout(240_000);

const root = path.resolve(__dirname, '../../..');
// Inside the project, so the bundle finds its packages in node_modules.
const buildDir = path.join(root, '.cache', `compiled-test-${crypto.randomBytes(4).toString('hex')}`);
const INDEX = '<!doctype html><title>Tally</title><div id="root"></div>';
const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tally-compiled-'));

beforeAll(async () => {
  await buildServer(path.join(buildDir, 'server'));
  fs.mkdirSync(path.join(buildDir, 'public'));
  fs.writeFileSync(path.join(buildDir, 'public', 'index.html'), INDEX);
});
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

describe('the compiled server on a new embedded database', () => {
  let dataDir: string;
  let api: ApiProcess | null = null;
  let webPort: number;
  beforeAll(async () => {
    dataDir = tmpDir();
    webPort = await freePort();
    api = await startApi({
      port: await freePort(),
      dataDir,
      emulatorHost: TEST_EMULATOR_HOST,
      compiledMain: path.join(buildDir, 'server', 'main.js'),
      env: { SERVE_WEB: 'true', WEB_PORT: String(webPort), WEB_DIST_DIR: '' },
    });
  });
  afterAll(async () => {
    await api?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the database, answers health checks and serves the web app beside its build', async () => {
    expect((await fetch(`${api!.url}/healthz`)).status).toBe(200);
    expect(pgliteFolderExists(path.join(dataDir, 'pglite'))).toBe(true);
    const page = await fetch(`http://127.0.0.1:${webPort}/budgets`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    const config = await (await fetch(`http://127.0.0.1:${webPort}/config.json`)).json();
    expect(config).toHaveProperty('apiUrl');
  });

  it('signs a person in, keeps what they save, and scans a receipt in its compiled scan process', async () => {
    const { token } = await emulatorSignUp(uniqueEmail('compiled'), 'secret-pass-1');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const image = await receiptPng([['HILLTOP GROCER'], ['Date: 03/04/2025'], ['Eggs', '4.20'], ['TOTAL', '4.20']]);
    const res = await fetch(`${api!.url}/scan/receipt-base64`, { method: 'POST', headers: auth, body: JSON.stringify({ image_data: dataUrl(image) }) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.processed_data.total_amount).toBe(4.2);
    expect(body.processed_data.store_name).toMatch(/HILLTOP/i);

    const saved = await fetch(`${api!.url}/receipts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ store_name: 'Hilltop Grocer', date: '2025-03-04', total_amount: 4.2, items: [] }),
    });
    expect(saved.status).toBe(201);
    // Stopped and started again on the folder it made: what was saved is there.
    expect(await api!.kill('SIGTERM')).toBe(0);
    api = await startApi({ port: await freePort(), dataDir, emulatorHost: TEST_EMULATOR_HOST, compiledMain: path.join(buildDir, 'server', 'main.js') });
    const list = await (await fetch(`${api.url}/receipts`, { headers: auth })).json();
    expect(JSON.stringify(list)).toContain('Hilltop Grocer');
  });
});

describe('createPgliteFolder', () => {
  it('refuses a folder that holds other files, and leaves them be', async () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    await expect(createPgliteFolder(dir)).rejects.toThrow(/holds files but no database \(notes\.txt\)/);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies the prepared database the server build makes, migrated already', async () => {
    const dir = tmpDir();
    await createPgliteFolder(dir, path.join(buildDir, 'server', 'pglite-seed'));
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    // Opened bare (no migrations run here): every migration is there from the build.
    const pglite = new PGlite(dir);
    const { rows } = await pglite.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
    await pglite.close();
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts afresh where an earlier start was cut off while moving the files in', async () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, '.tally-creating'), '');
    fs.mkdirSync(path.join(dir, 'base'));
    await createPgliteFolder(dir);
    expect(pgliteFolderExists(dir)).toBe(true);
    expect(fs.existsSync(path.join(dir, '.tally-creating'))).toBe(false);
    // No staging folder is left beside it.
    expect(fs.readdirSync(path.dirname(dir)).filter((n) => n.startsWith(`.${path.basename(dir)}.creating-`))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
