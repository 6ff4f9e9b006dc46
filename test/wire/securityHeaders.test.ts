import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { request as secureRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cspNoncePlaceholder } from '../../schema/cspNonce.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, testToken, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerFile();

/** A built app of two files: a page that asks for the nonce as Vite's `html.cspNonce` does. */
async function tinyApp(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-tiny-app-'));
  await writeFile(
    join(folder, 'index.html'),
    `<!doctype html><meta property="csp-nonce" nonce="${cspNoncePlaceholder}"><title>app</title>`,
  );
  await writeFile(join(folder, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  return folder;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A raw GET, so that the Host header is exactly what the test says. */
function get(host: HostProcess, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(host.base);
  return new Promise<Answer>((resolve, reject) => {
    const sent = request({ hostname, port, path, headers, setHost: !headers.host }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

function expectHeaders({ headers }: Answer): string {
  const policy = String(headers['content-security-policy']);
  expect(policy).toMatch(/^default-src 'self'; /);
  expect(policy.split('; ')).toEqual(
    expect.arrayContaining([
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "script-src 'self'",
    ]),
  );
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  return policy;
}

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

describe('the security headers of a real host (CONTRACT.md §9)', () => {
  let host: HostProcess;
  beforeAll(async () => {
    host = await start(configText({}), [], { SWITCHBOARD_APP_DIR: await tinyApp() });
  });

  it('are on the page, with a new nonce each time that the page carries, never cached', async () => {
    const nonces = new Set<string>();
    const pages = ['/', '/index.html', '/index.html?__WB_REVISION__=1', '/pair?code=ABCDE23456'];
    for (const path of pages) {
      const answer = await get(host, path);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      const nonce = nonceOf(expectHeaders(answer));
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(answer.text).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(answer.text).not.toContain(cspNoncePlaceholder);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(pages.length);
  });

  it('are on refusals, redirects, 404s, the API and the service worker', async () => {
    const answers = {
      wrongToken: await get(host, '/?token=wrong'),
      pairing: await get(host, `/?token=${testToken}`),
      missing: await get(host, '/no/such/file.html'),
      api: await get(host, '/api/rpc'),
      foreignOrigin: await get(host, '/', { origin: 'http://evil.example' }),
      worker: await get(host, '/sw.js'),
    };
    expect(Object.values(answers).map((answer) => answer.status)).toEqual([
      401, 302, 404, 401, 403, 200,
    ]);
    for (const answer of Object.values(answers)) {
      // Only the page has a nonce: nothing else may let a style in.
      expect(nonceOf(expectHeaders(answer))).toBeUndefined();
    }
  });

  it("names the socket of the request's own host, and never a Host that is not a plain name", async () => {
    const { port } = new URL(host.base);
    const policyFor = async (name: string) =>
      String((await get(host, '/', { host: name })).headers['content-security-policy']);
    expect(await policyFor(`localhost:${port}`)).toContain(
      `connect-src 'self' ws://localhost:${port};`,
    );
    // Refused (403), and its Host stays out of the policy: it could add a source or a directive.
    const refused = await policyFor("evil.example; script-src 'unsafe-inline'");
    expect(refused).toContain("connect-src 'self';");
    expect(refused).not.toContain('evil');
    expect(refused).not.toContain('unsafe-inline');
  });

  it('names the wss: socket over TLS', async () => {
    const secure = await start(configText({}), ['--tls']);
    const { hostname, port } = new URL(secure.base);
    const policy = await new Promise<string>((resolve, reject) => {
      const sent = secureRequest({ hostname, port, path: '/', rejectUnauthorized: false }, (r) => {
        r.resume();
        resolve(String(r.headers['content-security-policy']));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(policy).toContain(`connect-src 'self' wss://${hostname}:${port};`);
  });
});
