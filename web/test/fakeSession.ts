// A Session for tests: a scripted socket in place of the WebSocket and a storage in memory.
import type { ClientMessage } from '../src/lib/protocol';
import { Session, type SessionOptions } from '../src/lib/session';

export class FakeSocket {
  url = '';
  readyState = 0;
  sent: (ClientMessage & Record<string, unknown>)[] = []; // what the page sent, any field readable
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text) as ClientMessage & Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  recv(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

export class MemStore {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

// A session whose sockets are collected in `sockets` (one per connection attempt).
export function fakeSession(store = new MemStore(), options: SessionOptions = {}) {
  const sockets: FakeSocket[] = [];
  const s = new Session(
    'ws://x/ws',
    store,
    (url) => {
      const f = new FakeSocket();
      f.url = url;
      sockets.push(f);
      return f as unknown as WebSocket;
    },
    options,
  );
  return { s, sockets, store };
}
