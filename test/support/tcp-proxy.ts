// A TCP proxy in front of a backend (PostgreSQL, Redis) that a test can cut, pause, or make drop the answer to
// a chosen request: a backend failing in the ways production sees, without touching the shared servers.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  url(base: string): string;
  /** Destroys every open connection (the backend restarted, a failover, pg_terminate_backend). */
  cut(): void;
  /** Stops forwarding in both directions (a stalled backend) until resume(). New connections wait too. */
  pause(): void;
  resume(): void;
  /**
   * The next client message containing `marker` is forwarded, and then the connection is destroyed before
   * the backend's answer reaches the client: the statement ran, the client never learns it.
   */
  dropAnswerAfter(marker: string): Promise<void>;
  /** The next client message containing `marker` is not forwarded: the connection is destroyed first. */
  dropBefore(marker: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  let paused = false;
  const waiting: Array<() => void> = [];
  let trap: { marker: string; mode: 'after' | 'before'; done: () => void } | undefined;

  const server = net.createServer((client) => {
    const start = (): void => {
      const upstream = net.connect(targetPort, targetHost);
      const pair = { client, server: upstream };
      pairs.add(pair);
      const end = (): void => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end);
      upstream.on('error', end);
      client.on('close', end);
      upstream.on('close', end);
      let armed = false;
      client.on('data', (chunk: Buffer) => {
        const t = trap;
        if (t && chunk.includes(t.marker)) {
          trap = undefined;
          if (t.mode === 'before') {
            end();
            t.done();
            return;
          }
          armed = true;
          upstream.write(chunk);
          // Let the backend run and commit, then drop its answer on the floor.
          upstream.once('data', () => {
            end();
            t.done();
          });
          return;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (!armed) client.write(chunk);
      });
      if (paused) {
        client.pause();
        upstream.pause();
      }
    };
    if (paused) waiting.push(start);
    else start();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (base) => {
      const u = new URL(base);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: () => {
      for (const p of [...pairs]) {
        p.client.destroy();
        p.server.destroy();
      }
    },
    pause: () => {
      paused = true;
      for (const p of pairs) {
        p.client.pause();
        p.server.pause();
      }
    },
    resume: () => {
      paused = false;
      for (const p of pairs) {
        p.client.resume();
        p.server.resume();
      }
      for (const w of waiting.splice(0)) w();
    },
    dropAnswerAfter: (marker) => new Promise((done) => (trap = { marker, mode: 'after', done })),
    dropBefore: (marker) => new Promise((done) => (trap = { marker, mode: 'before', done })),
    close: async () => {
      for (const p of [...pairs]) {
        p.client.destroy();
        p.server.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
