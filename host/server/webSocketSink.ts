import type { WebSocket } from 'ws';

/** Frames sent but not yet handed to the operating system, past which the socket counts as full. */
const highWaterFrames = 64;

/**
 * A WebSocket seen from the event bus: frames go out while the socket keeps up; when the client
 * stops reading, the socket says it is full, and the bus queues (boundedly) until it drains.
 * `ws.send`'s callback fires once a frame has left for the network, so counting the callbacks
 * still due tells a reader that stopped from one that keeps up, with no private API.
 */
export function webSocketSink(socket: WebSocket) {
  let due = 0;
  const drained = new Set<() => void>();
  return {
    write(frame: string): boolean {
      due += 1;
      socket.send(frame, () => {
        due -= 1;
        if (due === highWaterFrames / 2) for (const listener of drained) listener();
      });
      return due < highWaterFrames;
    },
    onDrain(listener: () => void): void {
      drained.add(listener);
    },
    /** A client too slow for its bounded queue is cut at once: it resumes with `?since=`. */
    close(): void {
      drained.clear();
      socket.terminate();
    },
  };
}
