// Measures requests per second of a few API reads against a real server process.
// Usage: npx tsx bench/http-throughput.ts [seconds=5] [connections=50]
// DATABASE_URL selects the engine (default: a fresh SQLite file). Results are for comparison between
// runs on one machine (report ratios), not absolute promises.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);
const dbPath = join(tmpdir(), `helpdesk-bench-${process.pid}.db`);
const databaseUrl = process.env.DATABASE_URL ?? `sqlite:${dbPath}`;
const port = 3900 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;

// The compiled server, as production runs it (npm run build first).
const server = spawn(process.execPath, ['dist/cli/main.js', 'serve', '--no-worker'], {
  env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
server.stdout.on('data', (d) => (out += d));

async function waitReady(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const pool = new Pool(base);
      const res = await pool.request({ path: '/healthz', method: 'GET' });
      await res.body.text();
      await pool.close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('server did not start');
}

async function load(path: string, token?: string): Promise<number> {
  const pool = new Pool(base, { connections });
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const deadline = Date.now() + seconds * 1000;
  let count = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const res = await pool.request({ path, method: 'GET', headers });
        await res.body.dump();
        if (res.statusCode === 200) count++;
        else errors++;
      }
    }),
  );
  await pool.close();
  if (errors) console.log(`  (${errors} non-200 answers on ${path})`);
  return count / seconds;
}

try {
  await waitReady();
  const token = /hdk_[A-Za-z0-9_-]+/.exec(out)?.[0];
  if (!token) throw new Error('run against an empty database so the bootstrap key is printed');
  const pool = new Pool(base);
  const post = async (path: string, body: unknown) => {
    const res = await pool.request({
      path,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.body.json()) as any;
  };
  const customer = await post('/api/v1/customers', { email: 'bench@example.com', name: 'Bench' });
  const ticket = await post('/api/v1/tickets', { subject: 'Bench', message: 'hello', customer: { email: 'bench@example.com' } });
  await pool.close();
  const results: Record<string, number> = {};
  results['GET /healthz'] = await load('/healthz');
  results['GET /api/v1/customers/{id}'] = await load(`/api/v1/customers/${customer.data.id}`, token);
  if (ticket.data) results['GET /api/v1/tickets/{id}'] = await load(`/api/v1/tickets/${ticket.data.id}`, token);
  results['GET /api/v1/tickets'] = await load('/api/v1/tickets', token);
  const ref = results['GET /healthz'];
  for (const [name, rps] of Object.entries(results)) {
    console.log(`${name.padEnd(32)} ${Math.round(rps).toString().padStart(7)} req/s  (${(rps / ref).toFixed(2)} of /healthz)`);
  }
} finally {
  server.kill('SIGTERM');
  if (!process.env.DATABASE_URL) for (const ext of ['', '-wal', '-shm']) rmSync(dbPath + ext, { force: true });
}
