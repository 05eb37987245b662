import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../helpers/serverProcess.js';

/** The ports the kernel gives `listen(0)` and outgoing connections (Linux; its default where it cannot be read). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return [low, high];
  } catch {
    return [32768, 60999];
  }
}

const listenOn = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });

describe('the ports the tests start servers on', () => {
  it('are never ones the kernel could give another worker meanwhile, a new one at each call', async () => {
    const [low, high] = ephemeralRange();
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) expect(port < low || port > high).toBe(true);
  });

  it('skip a port something listens on', async () => {
    const first = await freePort();
    // The port after the one just handed out is the next candidate; something takes it first.
    const taken = await listenOn(first + 1);
    try {
      const next = await freePort();
      expect(next).not.toBe(first + 1);
      expect(next).not.toBe(first);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
