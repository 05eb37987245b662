import net from 'node:net';
import { openDb } from '../../../src/server/db/client.js';
import { postgresAvailable, testPostgresUrl } from '../../helpers/db.js';

const reachable = await postgresAvailable();

(reachable ? describe : describe.skip)('the PostgreSQL connection pool', () => {
  it('opens at most the configured number of connections (DATABASE_POOL_SIZE), however many calls wait', async () => {
    const db = await openDb({ databaseUrl: testPostgresUrl('postgres'), databasePoolSize: 2, dataDir: '/nonexistent' });
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')));
      expect(new Set(answers.map(([row]) => row.pid)).size).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('runs a transaction on a live connection when the idle ones died without a word (backends gone, the pool not told yet)', async () => {
    // A proxy to PostgreSQL that can cut every connection's server side and leave the app's side open until it
    // next writes: as when the server restarts and the notice has not reached the idle connections yet.
    const upstream = new URL(testPostgresUrl('postgres'));
    const pairs: { app: net.Socket; server: net.Socket; dead: boolean }[] = [];
    const proxy = net.createServer((app) => {
      const pair = { app, server: net.connect(Number(upstream.port || 5432), upstream.hostname), dead: false };
      pairs.push(pair);
      app.on('data', (chunk) => (pair.dead ? app.destroy() : pair.server.write(chunk)));
      pair.server.on('data', (chunk) => void (pair.dead || app.write(chunk)));
      pair.server.on('error', () => app.destroy());
      app.on('error', () => pair.server.destroy());
      app.on('close', () => pair.server.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = new URL(upstream);
    url.port = String((proxy.address() as net.AddressInfo).port);
    const db = await openDb({ databaseUrl: url.toString(), databasePoolSize: 3, dataDir: '/nonexistent' });
    try {
      // Three idle connections in the pool.
      await Promise.all(Array.from({ length: 3 }, () => db.transaction((tx) => tx.query('SELECT pg_sleep(0.05)'))));
      expect(pairs).toHaveLength(3);
      for (const pair of pairs) {
        pair.dead = true;
        pair.server.destroy();
      }
      const rows = await db.transaction((tx) => tx.query<{ n: number }>('SELECT 1 AS n'));
      expect(rows).toEqual([{ n: 1 }]);
      expect(pairs.filter((p) => !p.dead)).toHaveLength(1);
    } finally {
      await db.close();
      proxy.close();
    }
  });

  it('rejects a statement whose connection is cut while it runs, and the process goes on', async () => {
    const upstream = new URL(testPostgresUrl('postgres'));
    const sockets: net.Socket[] = [];
    const proxy = net.createServer((app) => {
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      sockets.push(app, server);
      app.pipe(server);
      server.pipe(app);
      app.on('error', () => undefined);
      server.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = new URL(upstream);
    url.port = String((proxy.address() as net.AddressInfo).port);
    const db = await openDb({ databaseUrl: url.toString(), databasePoolSize: 2, dataDir: '/nonexistent' });
    // A connection's 'error' event with no listener would end the process: jest would report it as this test's failure.
    try {
      await db.query('SELECT 1');
      const running = db.query('SELECT pg_sleep(3)');
      setTimeout(() => sockets.forEach((socket) => socket.destroy()), 300);
      await expect(running).rejects.toThrow(/Connection terminated/);
      // The pool opens a new connection for the next statement.
      expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
      proxy.close();
    }
  });
});
