/** A WebSocket as this registry closes it. */
interface Closable {
  close(code?: number, reason?: string): void;
}

/** The WebSocket close code a revoked device's sockets get (4000–4999: the application's). */
const revokedCloseCode = 4401;

/**
 * The open WebSockets of each paired device, so that revoking one cuts it at once
 * (`DeviceService.Revoke`, CONTRACT.md §9): its app then finds itself unpaired.
 */
export class DeviceSockets {
  readonly #sockets = new Map<string, Set<Closable>>();

  /** Keeps `socket` under `device`; the function it returns forgets it (the socket closed). */
  add(device: string, socket: Closable): () => void {
    const sockets = this.#sockets.get(device) ?? new Set<Closable>();
    sockets.add(socket);
    this.#sockets.set(device, sockets);
    return () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.#sockets.get(device) === sockets) this.#sockets.delete(device);
    };
  }

  /** Closes every socket of `device`. */
  close(device: string): void {
    const sockets = this.#sockets.get(device);
    this.#sockets.delete(device);
    for (const socket of sockets ?? []) socket.close(revokedCloseCode, 'revoked');
  }
}
