import net from 'node:net';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * The first of `count` consecutive free ports: the auth emulator puts its hub and logging ports
 * right after its own, and an OS-picked port's neighbours may be taken by another process.
 */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    if (first + count - 1 > 65535) continue;
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => canListen(first + i + 1)));
    if (rest.every(Boolean)) return first;
  }
  throw new Error(`No ${count} consecutive free ports found`);
}
