import process from 'node:process';
import type { Config } from '../config.js';
import { isLoopbackHost } from '../network.js';
import { UsageError } from './run.js';

/** The one argument of npm run backup and npm run restore: the backup file. */
export function backupFileArgument(usage: string): string {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) throw new UsageError(usage);
  return args[0];
}

/** Where this machine reaches the server the configuration describes (HOST and PORT). */
export function runningServerUrl(config: Config): string {
  const anyAddress = ['0.0.0.0', '::', ''].includes(config.host);
  const host = anyAddress || isLoopbackHost(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * Whether a server may be running on the configured port: false only when the connection is refused (nobody
 * listens); a server that answers, slowly or not at all, counts as running.
 */
export async function serverAnswers(config: Config): Promise<boolean> {
  try {
    await fetch(`${runningServerUrl(config)}/api/v1/health`, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch (err) {
    return (err as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED';
  }
}
