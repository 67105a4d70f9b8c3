import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, type ServerRun } from './testing/server-run.ts';

let server: ServerRun;
let code: number | null;
beforeAll(async () => {
  server = await runServer({});
  await fetch(`${server.base}/api/health`);
  await fetch(`${server.base}/api/transfers/00000000-0000-4000-8000-000000000000`);
  code = await server.stop();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const records = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('what the server writes, from start to stop', () => {
  it('is JSON lines only, on standard output and standard error', () => {
    expect(code).toBe(0);
    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of [
      ...lines,
      ...server
        .stderr()
        .split('\n')
        .filter((l) => l !== ''),
    ])
      expect(() => JSON.parse(line) as unknown, line).not.toThrow();
  });

  it('keeps the sandbox’s demo lines and its ready line, as records with the same text', () => {
    const messages = records(server.stdout()).map((r) => r.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^demo-operator: \S+@\S+ \S+ totp-secret=[A-Z2-7]+$/),
        expect.stringMatching(/^demo-customer: \S+@\S+ \S+$/),
        expect.stringMatching(/^Comptoir \(sandbox, .+\) ready at http:\/\/localhost:\d+ in \d+ ms$/),
        expect.stringMatching(/^Sandbox mailbox: http:\/\/localhost:\d+\/dev\/mailbox$/),
        'SIGTERM: shutting down',
        'request',
      ]),
    );
  });
});
