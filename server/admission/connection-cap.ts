/**
 * Open TCP connections per client address (MAX_CONNECTIONS_PER_ADDRESS): one address cannot hold the whole
 * connection cap (MAX_CONNECTIONS), so slow clients from one address (headers sent a byte at a time) leave
 * room for everyone else. A connection beyond its address's share is closed at once, before a byte of it
 * is read. The address is the TCP peer's: behind a proxy every connection has the proxy's address, so the
 * cap is off there unless set (app.ts). 0: off.
 */
import fp from 'fastify-plugin';

export interface ConnectionCapOptions {
  /** Open connections one address may have; 0: no cap. */
  maxPerAddress: number;
}

export default fp<ConnectionCapOptions>(
  async function connectionCap(fastify, opts) {
    if (!(opts.maxPerAddress > 0)) return;
    const open = new Map<string, number>();
    fastify.server.on('connection', (socket) => {
      const address = socket.remoteAddress;
      if (address === undefined) return;
      const mine = open.get(address) ?? 0;
      if (mine >= opts.maxPerAddress) {
        fastify.metrics.observeConnectionRefused();
        socket.destroy();
        return;
      }
      open.set(address, mine + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  },
  { name: 'connection-cap', fastify: '5.x', dependencies: ['metrics'] },
);
