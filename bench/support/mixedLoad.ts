/**
 * The mixed load of bench:load and bench:cluster: the requests the web app makes (dashboard,
 * receipt list with search, receipt detail, create, notification count, analytics) from seeded
 * people, sent by autocannon in a child process (cannon.ts) so the load generator never shares
 * a server's event loop or core accounting.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The mix, as the share of requests of each kind. */
export const MIX = { dashboard: 3, search: 2, list: 2, detail: 3, create: 1, count: 4, analytics: 1 } as const;
export type Kind = keyof typeof MIX;

export interface CannonPlan {
  base: string;
  users: Array<{ token: string; receiptIds: string[] }>;
  connections: number;
  duration: number;
}

/** Child mode: run autocannon with the mix and print its result as JSON. */
export async function runCannon(plan: CannonPlan): Promise<void> {
  const autocannon = (await import('autocannon')).default;
  const kinds = (Object.keys(MIX) as Kind[]).flatMap((k) => Array<Kind>(MIX[k]).fill(k));
  let n = 0;
  const today = new Date().toISOString().slice(0, 10);
  const result = await autocannon({
    url: plan.base,
    connections: plan.connections,
    duration: plan.duration,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const user = plan.users[i % plan.users.length];
          const headers = { authorization: `Bearer ${user.token}` };
          switch (kinds[i % kinds.length]) {
            case 'dashboard':
              return { ...req, method: 'GET', path: '/dashboard', headers };
            case 'search':
              return { ...req, method: 'GET', path: `/receipts?search=Store%20${i % 17}&limit=50`, headers };
            case 'list':
              return { ...req, method: 'GET', path: '/receipts?limit=50&sort=amount&order=desc', headers };
            case 'detail':
              return { ...req, method: 'GET', path: `/receipts/${user.receiptIds[i % user.receiptIds.length]}`, headers };
            case 'count':
              return { ...req, method: 'GET', path: '/notifications/count', headers };
            case 'analytics':
              return { ...req, method: 'GET', path: `/api/analytics?range=${['weekly', 'monthly', 'yearly'][i % 3]}`, headers };
            case 'create':
              return {
                ...req,
                method: 'POST',
                path: '/receipts',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({ store: `Load ${i % 50}`, date: today, amount: 1 + (i % 5000) / 100, category: 'Food' }),
              };
          }
        },
      },
    ],
  });
  process.stdout.write(JSON.stringify(result));
}

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '5xx': number;
}

export function cannon(plan: CannonPlan): Promise<CannonResult> {
  const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(__dirname, 'cannon.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as CannonResult) : reject(new Error(`autocannon exited with ${code}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}

/** Seeds people with a budget and receipts through the API at `base`, for the mix to read. */
export async function seedLoadUsers(base: string, count: number, receiptsPerUser: number): Promise<CannonPlan['users']> {
  const { emulatorSignUp, uniqueEmail } = await import('../../scripts/testEmulator');
  const { DEFAULT_CATEGORIES } = await import('../../src/shared/categories');
  const users: CannonPlan['users'] = [];
  const categories = DEFAULT_CATEGORIES.map((c) => c.name);
  for (let u = 0; u < count; u++) {
    const email = uniqueEmail('load');
    const { uid, token } = await emulatorSignUp(email, 'secret-pass-1', `Load User ${u}`);
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    await call('POST', '/api/auth/register', { user_id: uid, email, display_name: `Load User ${u}` });
    await call('POST', '/dashboard/budget', { amount: 5000 });
    const receiptIds: string[] = [];
    for (let i = 0; i < receiptsPerUser; i++) {
      const d = new Date(Date.now() - (i % 300) * 86_400_000).toISOString().slice(0, 10);
      const r = await call('POST', '/receipts', {
        store: `Store ${i % 17}`,
        date: d,
        amount: 5 + ((i * 37) % 9000) / 100,
        category: categories[i % categories.length],
        description: `Receipt ${i}`,
      });
      receiptIds.push(r.id);
    }
    users.push({ token, receiptIds });
  }
  return users;
}
