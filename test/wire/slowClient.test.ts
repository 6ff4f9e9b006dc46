import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { fakeAgentBuild } from '../helpers/agents.ts';
import { hostPerTest, testToken, type EventFrame } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** One flood: 50 000 stderr lines of 4 000 characters, ~205 MB of event frames per client. */
const floodLines = 50_000;
const lineLength = 4_000;
/**
 * The flood's pace: 50 lines every 5 ms, ~37 MB/s, a third of what the host forwards to two
 * clients here. At twice that, a reader in a busy test process falls 4 MB behind now and then, and
 * the host cuts it as it should.
 */
const linesPerTick = 50;
/** Events the host holds for `?since=` (CONTRACT.md §3). */
const ringCapacity = 10_000;
const megabyte = 1024 * 1024;
/**
 * What a stalled client may cost the host. The bus owes it at most 1 000 frames or 4 MB before it
 * cuts it; a host that kept its frames would hold two floods for it, ~390 MiB. The rest is the
 * noise of RSS on a machine shared with other test files (garbage collected late).
 */
const stalledClientAllowance = 150 * megabyte;

/**
 * One agent, `flood`, that runs the fake ACP agent of test/fixtures and, on each start, writes
 * `floodLines` numbered stderr lines of `lineLength` characters (`0000000001 xxx…`).
 *
 * Not `--stderr-lines=`: its lines are short, and a flood whose frame bytes dwarf the bound would
 * take minutes to cross the wire in frames that small. Paced (see `linesPerTick`), so that the
 * readers keep up: the host would hold an unpaced agent back (its worker stops reading stderr
 * while 1 MB of log is on its way to the host), but a reader that fell behind would be cut.
 */
function floodConfig(): string {
  const script = [
    `const line = 'x'.repeat(${lineLength - 11});`,
    'let i = 0;',
    'const more = () => {',
    `  for (let k = 0; k < ${linesPerTick} && i < ${floodLines}; k++) {`,
    "    i += 1; process.stderr.write(String(i).padStart(10, '0') + ' ' + line + '\\n');",
    '  }',
    `  if (i < ${floodLines}) setTimeout(more, 5);`,
    '};',
    `void import(${JSON.stringify(fakeAgentBuild)}).then(more);`,
  ].join('\n');
  return [
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    '  flood:',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: ${JSON.stringify(['-e', script])}`,
    '',
  ].join('\n');
}

/** The resident memory of a process, from /proc. */
function rssOf(pid: number): number {
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kilobytes) * 1024;
}

/** Samples a process's RSS every 20 ms; the returned function stops and gives the peak. */
function sampleRss(pid: number): () => number {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssOf(pid));
  };
}

/**
 * A client that keeps up. It checks each frame as it comes (seq consecutive, the agent's lines in
 * order) and keeps counters, not frames: holding 200 MB a flood would make the test's own process
 * the slow one. Cut by the host, it resumes at once with `?since=` as the app does: a reader
 * descheduled for a few hundred milliseconds on a loaded machine is 4 MB behind at this rate, and
 * the host rightly cuts it.
 */
class Reader {
  lastSeq = 0;
  gaps = 0;
  /** Times the host cut it, and `resync` frames it got on resuming (events lost). */
  cuts = 0;
  resyncs = 0;
  /** In the current flood: its `agent:log` frames, their bytes, the last line's number. */
  lines = 0;
  bytes = 0;
  lastLine = 0;
  misordered = 0;
  firstLineAt = 0;
  lastLineAt = 0;
  #socket: WebSocket | undefined;
  #closed = false;

  private constructor(readonly base: string) {}

  static async open(base: string): Promise<Reader> {
    const reader = new Reader(base);
    await reader.#connect('');
    return reader;
  }

  close(): void {
    this.#closed = true;
    this.#socket?.terminate();
  }

  #connect(query: string): Promise<void> {
    const socket = new WebSocket(`${this.base.replace('http', 'ws')}/api/ws${query}`, {
      headers: { authorization: `Bearer ${testToken}` },
    });
    this.#socket = socket;
    socket.on('message', (data: Buffer) => this.#take(data));
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    let open = false;
    socket.once('open', () => (open = true));
    // A connection that never opened ends the reader: no reconnection loop.
    socket.once('close', () => {
      if (this.#closed || !open) return;
      this.cuts += 1;
      this.#connect(`?since=${this.lastSeq}`).catch(() => (this.#closed = true));
    });
    return opened;
  }

  /** Counts the next flood from zero. */
  nextFlood(): void {
    this.lines = 0;
    this.bytes = 0;
    this.lastLine = 0;
    this.misordered = 0;
  }

  /** Milliseconds from the current flood's first line to its last. */
  get floodMs(): number {
    return this.lastLineAt - this.firstLineAt;
  }

  #take(data: Buffer): void {
    // `{"jsonrpc":"2.0","method":"event","params":{"seq":N,"name":"…",` comes first.
    const head = data.toString('latin1', 0, 120);
    const seq = Number(/"params":\{"seq":(\d+),/.exec(head)?.[1]);
    if (head.includes('"name":"resync"')) this.resyncs += 1;
    else if (this.lastSeq !== 0 && seq !== this.lastSeq + 1) this.gaps += 1;
    this.lastSeq = seq;
    if (!head.includes('"name":"agent:log"')) return;
    const at = data.indexOf('"line":"') + '"line":"'.length;
    const line = Number(data.toString('latin1', at, at + 10));
    if (line !== this.lastLine + 1) this.misordered += 1;
    this.lastLine = line;
    this.lines += 1;
    this.bytes += data.length;
    if (this.lines === 1) this.firstLineAt = performance.now();
    this.lastLineAt = performance.now();
  }
}

/**
 * A WebSocket client written by hand on a raw TCP socket, so that nothing reads for it: after the
 * handshake it reads nothing until `drain()`, and the host's frames fill the kernel's buffers,
 * then wait in the host — a tablet that went to sleep with the app open.
 */
class StalledClient {
  #received: Buffer;
  #closed = false;

  private constructor(
    readonly socket: Socket,
    received: Buffer,
  ) {
    this.#received = received;
    socket.once('close', () => (this.#closed = true));
  }

  static async open(base: string): Promise<StalledClient> {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.write(
      [
        'GET /api/ws HTTP/1.1',
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Authorization: Bearer ${testToken}`,
        '',
        '',
      ].join('\r\n'),
    );
    const { head, rest } = await new Promise<{ head: string; rest: Buffer }>((resolve) => {
      let bytes = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        bytes = Buffer.concat([bytes, chunk]);
        const end = bytes.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        socket.pause();
        resolve({ head: bytes.toString('latin1', 0, end), rest: bytes.subarray(end + 4) });
      };
      socket.on('data', onData);
    });
    expect(head).toMatch(/^HTTP\/1\.1 101 /);
    return new StalledClient(socket, rest);
  }

  /** Reads again, until the host closes the connection or `timeoutMs` passes; the event frames. */
  async drain(timeoutMs: number): Promise<EventFrame[]> {
    this.socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
    });
    this.socket.resume();
    await expect.poll(() => this.#closed, { timeout: timeoutMs }).toBe(true);
    return this.#events();
  }

  /** The event frames among the host's unmasked frames (RFC 6455 §5.2); a torn last one is left. */
  #events(): EventFrame[] {
    const events: EventFrame[] = [];
    const bytes = this.#received;
    let at = 0;
    while (at + 2 <= bytes.length) {
      const opcode = bytes[at]! & 0x0f;
      let length = bytes[at + 1]! & 0x7f;
      let header = 2;
      if (length === 126) {
        if (at + 4 > bytes.length) break;
        length = bytes.readUInt16BE(at + 2);
        header = 4;
      } else if (length === 127) {
        if (at + 10 > bytes.length) break;
        length = Number(bytes.readBigUInt64BE(at + 2));
        header = 10;
      }
      if (at + header + length > bytes.length) break;
      if (opcode === 0x1) {
        const text = bytes.toString('utf8', at + header, at + header + length);
        events.push((JSON.parse(text) as { params: EventFrame }).params);
      }
      at += header + length;
    }
    return events;
  }
}

/** Resolves once `done()` holds, or after `timeoutMs`. */
async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done() && performance.now() < deadline) await setTimeout(20);
}

interface Flood {
  /** Milliseconds from its first line to its last, at the slower reader. */
  ms: number;
  /** Bytes of its frames, as one reader got them. */
  bytes: number;
  /** The host's peak RSS while it ran. */
  peakRss: number;
}

/** Starts (or restarts) the agent and waits until every reader has had its whole flood. */
async function flood(
  rpc: (method: string, params: unknown[]) => Promise<unknown>,
  method: 'AgentService.Start' | 'AgentService.Restart',
  readers: Reader[],
  pid: number,
): Promise<Flood> {
  for (const reader of readers) reader.nextFlood();
  const stopSampling = sampleRss(pid);
  let peakRss: number;
  try {
    await rpc(method, ['flood']);
    await waitFor(() => readers.every((reader) => reader.lines === floodLines), 20_000);
  } finally {
    peakRss = stopSampling();
  }
  expect(
    readers.map(({ lines, gaps, resyncs, misordered }) => ({ lines, gaps, resyncs, misordered })),
  ).toEqual(readers.map(() => ({ lines: floodLines, gaps: 0, resyncs: 0, misordered: 0 })));
  return {
    ms: Math.max(...readers.map((reader) => reader.floodMs)),
    bytes: readers[0]!.bytes,
    peakRss,
  };
}

describe('a client that stops reading', () => {
  it('is cut by the host, while the others keep their rate and the host its memory', async () => {
    const host = await start(floodConfig());
    const readers = [await Reader.open(host.base), await Reader.open(host.base)];
    onTestFinished(() => readers.forEach((reader) => reader.close()));
    const rpc = async (method: string, params: unknown[]) => {
      const response = await host.rpc(method, params);
      expect(response.error).toBeUndefined();
      return response.result;
    };

    // The host's RSS rises during a flood even with every client reading, to a plateau it reaches
    // from the second flood on: a first flood warms it up, the second, readers only, is the
    // reference.
    await flood(rpc, 'AgentService.Start', readers, host.pid);
    const reference = await flood(rpc, 'AgentService.Restart', readers, host.pid);

    // The client stalls; two floods: a host that kept its frames would hold both.
    const stalled = await StalledClient.open(host.base);
    onTestFinished(() => void stalled.socket.destroy());
    const seqAtStall = readers[0]!.lastSeq;
    const floods = [
      await flood(rpc, 'AgentService.Restart', readers, host.pid),
      await flood(rpc, 'AgentService.Restart', readers, host.pid),
    ];
    const rssAfter = rssOf(host.pid);

    const stalledBytes = floods.reduce((sum, { bytes }) => sum + bytes, 0);
    expect(stalledBytes).toBeGreaterThan(2.5 * stalledClientAllowance);
    for (const { peakRss } of floods) {
      expect(peakRss).toBeLessThan(reference.peakRss + stalledClientAllowance);
    }
    expect(rssAfter).toBeLessThan(reference.peakRss + stalledClientAllowance);
    // The readers keep their rate: a flood takes them at most three times as long as without it
    // (the margin is for the other test files sharing the machine's two cores meanwhile).
    for (const { ms } of floods) expect(ms).toBeLessThan(3 * reference.ms);

    // The host cut it: what it got is the stream from where it stalled, then the end.
    const got = await stalled.drain(10_000);
    expect(got.length).toBeLessThan(floodLines);
    expect(got.map((event) => event.seq)).toEqual(got.map((_, i) => seqAtStall + 1 + i));

    // It resumes from the last seq it got: every later event the host holds, or a resync first
    // when the ring has overwritten some.
    const since = got.at(-1)?.seq ?? seqAtStall;
    const last = readers[0]!.lastSeq;
    const resumed = await host.connect(`?since=${since}`);
    await expect.poll(() => resumed.lastSeq()).toBe(last);
    const seqs = resumed.events.map((event) => event.seq);
    if (last - since <= ringCapacity) {
      expect(seqs).toEqual(Array.from({ length: last - since }, (_, i) => since + 1 + i));
    } else {
      expect(resumed.events[0]).toEqual({ seq: last - ringCapacity, name: 'resync', data: {} });
      expect(seqs).toEqual(
        Array.from({ length: ringCapacity + 1 }, (_, i) => last - ringCapacity + i),
      );
    }
    resumed.close();
  }, 60_000);
});
