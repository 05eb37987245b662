import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './serverProcess.js';

const run = promisify(execFile);

/** A PostgreSQL cluster of a test's own (initdb on a temporary folder, a free port), to stop and start at will. */
export interface PgCluster {
  port: number;
  /** The connection string of one of its databases (user postgres, trust). */
  url(database: string): string;
  start(): Promise<void>;
  /** pg_ctl stop in the given mode ('immediate' is a crash: no checkpoint, clients cut off). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGSTOP (true) or SIGCONT (false) to its postmaster and every process it started: a server that no longer answers. */
  freeze(frozen: boolean): Promise<void>;
  /** One statement on a connection of its own (user postgres), in database (by default postgres). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[], database?: string): Promise<T[]>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed (Debian layout), or undefined. */
function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, 'bin') : undefined;
}

/**
 * Creates and starts a throw-away cluster, or answers undefined with a printed note when initdb is missing
 * or cannot run here. As root the PostgreSQL tools run as the postgres user (runuser), which owns the folder.
 */
export async function createPgCluster(): Promise<PgCluster | undefined> {
  const bin = postgresBin();
  if (!bin) {
    console.warn('initdb is not installed (/usr/lib/postgresql/*/bin): the PostgreSQL fault tests are skipped.');
    return undefined;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'campaigns-pgfault-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const uid = Number(stdout.trim());
      fs.chownSync(root, uid, uid);
    }
    await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    console.warn(`initdb failed (${(err as Error).message.split('\n')[0]}): the PostgreSQL fault tests are skipped.`);
    return undefined;
  }
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  const cluster: PgCluster = {
    port,
    url,
    start: async () => void (await tool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(root, 'log'), '-w', 'start'])),
    stop: async (mode = 'fast') => void (await tool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'])),
    async freeze(frozen: boolean) {
      const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]);
      const pids = [
        postmaster,
        ...stdout
          .split('\n')
          .filter((l) => l.trim())
          .map(Number),
      ];
      for (const pid of pids) process.kill(pid, frozen ? 'SIGSTOP' : 'SIGCONT');
    },
    async sql<T>(text: string, params?: unknown[], database = 'postgres') {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
