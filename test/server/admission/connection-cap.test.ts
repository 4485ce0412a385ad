/**
 * MAX_CONNECTIONS_PER_ADDRESS on the real app over real TCP: connections from one address beyond its share
 * are closed at once, the others (and other addresses) are served. Linux routes all of 127.0.0.0/8 to the
 * loopback, so 127.0.0.2 is a second client address on the same machine.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConnectionsPerAddress, loadOpsLimits } from '../../../server/config.js';
import { makeApp, removeTempDirs, type TestApp } from '../../helpers/app.js';

let t: TestApp | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await t?.cleanup();
  t = null;
  await removeTempDirs();
});

/** A slow client: connects from `from` and sends the start of its headers only; resolves once connected. */
function slowClient(port: number, from: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      socket.write('GET /healthz HTTP/1.1\r\nHo');
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

async function listen(limits: Parameters<typeof makeApp>[0]): Promise<number> {
  t = await makeApp(limits);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('connections per address', () => {
  it('closes at once the connections of an address beyond its share; other addresses are served', async () => {
    const port = await listen({ limits: { maxConnectionsPerAddress: 3 } });
    const clients = [];
    for (let i = 0; i < 8; i++) clients.push(await slowClient(port, '127.0.0.2'));
    // The 4th to the 8th are closed by the server, without an answer …
    await Promise.all(clients.slice(3).map((c) => c.closed));
    // … while the first three are still open.
    expect(clients.slice(0, 3).map((c) => c.socket.destroyed)).toEqual([false, false, false]);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toMatch(/^dstatview_connections_refused_total 5$/m);
  });

  it('is off behind a proxy (every connection is the proxy’s) unless set', async () => {
    const port = await listen({ trustProxy: true, limits: { maxConnections: 32 } });
    const clients = [];
    for (let i = 0; i < 8; i++) clients.push(await slowClient(port, '127.0.0.2'));
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(clients.map((c) => c.socket.destroyed)).toEqual(new Array(8).fill(false));
  });

  it('defaults to 1/16 of the connection cap; MAX_CONNECTIONS_PER_ADDRESS sets it, 0 turns it off', () => {
    expect(defaultConnectionsPerAddress(2048)).toBe(128);
    expect(defaultConnectionsPerAddress(118)).toBe(7);
    expect(defaultConnectionsPerAddress(8)).toBe(1);
    expect(loadOpsLimits({}, [], null).maxConnectionsPerAddress).toBeUndefined();
    expect(loadOpsLimits({ MAX_CONNECTIONS_PER_ADDRESS: '9' }, [], null).maxConnectionsPerAddress).toBe(9);
    expect(loadOpsLimits({ MAX_CONNECTIONS_PER_ADDRESS: '0' }, [], null).maxConnectionsPerAddress).toBe(0);
    expect(() => loadOpsLimits({ MAX_CONNECTIONS_PER_ADDRESS: 'x' }, [], null)).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});
