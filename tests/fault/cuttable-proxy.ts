/**
 * A TCP proxy in front of the worker for one browser: `cut()` drops every connection and refuses
 * new ones (the browser sees a dead network), `restore()` lets it back in. Only that browser's
 * traffic goes through it, so other clients keep chatting meanwhile.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface CuttableProxy {
  origin: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let open = true;
  const live = new Set<Socket>();
  const server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(target.port, target.host);
    live.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      live.delete(client);
      live.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://localhost:${port}`,
    cut() {
      open = false;
      for (const s of live) s.destroy();
      live.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of live) s.destroy();
        server.close(() => resolve());
      }),
  };
}
