import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { checkEndpoint, endpointProblem, type ResolveHost } from './endpoint-check.ts';
import { isPublicAddress } from './public-address.ts';

const publicDns: ResolveHost = () => Promise.resolve(['142.250.74.106', '2a00:1450:4007:80b::200a']);

describe('which IP addresses are public', () => {
  it.each([
    '8.8.8.8',
    '142.250.74.106',
    '2a00:1450:4007:80b::200a',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback elsewhere in 127/8', '127.1.2.3'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['shared 100.64/10', '100.100.100.100'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['unspecified', '0.0.0.0'],
    ['multicast', '224.0.0.1'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['documentation', '192.0.2.10'],
    ['benchmarking', '198.18.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['unique local fc00::/7', 'fd12:3456::1'],
    ['link-local fe80::/10', 'fe80::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex form', '::ffff:7f00:1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible', '::10.0.0.1'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['not an address', 'push.example'],
  ])('%s (%s) is not public', (_label, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('a push endpoint is checked before it is stored', () => {
  it.each([
    ['plain http on a public host', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['https to loopback', 'https://127.0.0.1/push'],
    ['https to a private address', 'https://10.0.0.1/push'],
    ['https to IPv6 loopback', 'https://[::1]/push'],
    ['https to the cloud metadata service', 'https://169.254.169.254/latest/meta-data'],
    ['https to IPv6 link-local', 'https://[fe80::1]/push'],
    ['https to IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/push'],
    ['loopback written as one number', 'https://2130706433/push'],
    ['loopback written in hexadecimal', 'https://0x7f000001/push'],
    ['loopback written short', 'https://127.1/push'],
    ['loopback with a trailing dot', 'https://127.0.0.1./push'],
    ['localhost with a trailing dot', 'https://localhost./push'],
    ['https to localhost', 'https://localhost/push'],
    ['https to a name under localhost', 'https://push.localhost/push'],
    ['https to a single-label name', 'https://intranet/push'],
    ['credentials in the URL', 'https://user:secret@fcm.googleapis.com/fcm/send/abc'],
    ['another port than 443', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/abc'],
    ['not a URL', 'fcm.googleapis.com/abc'],
    ['http to 127.0.0.1 outside the sandbox', 'http://127.0.0.1:8080/push'],
  ])('%s is refused: %s', async (_label, endpoint) => {
    expect(endpointProblem(endpoint, undefined)).not.toBeNull();
    await expect(
      checkEndpoint(endpoint, { sandboxPushPort: undefined, resolve: publicDns }),
    ).rejects.toMatchObject({
      code: 'push_endpoint_refused',
      status: 422,
    });
  });

  it('the sandbox takes http://127.0.0.1 on its declared test receiver’s port, and no other port', async () => {
    const receiver = { sandboxPushPort: 45678, resolve: publicDns };
    await expect(checkEndpoint('http://127.0.0.1:45678/push/1', receiver)).resolves.toBeUndefined();
    for (const endpoint of [
      'http://127.0.0.1:5432/push', // PostgreSQL
      'http://127.0.0.1:6379/push', // Redis
      'http://127.0.0.1:45679/push',
      'http://127.0.0.1/push',
      'https://127.0.0.1:45678/push',
      'http://localhost:45678/push',
      'http://[::1]:45678/push',
      'http://127.0.0.2:45678/push',
      'http://10.0.0.1:45678/push',
      'http://169.254.169.254:45678/push',
    ]) {
      expect(endpointProblem(endpoint, 45678)).not.toBeNull();
      await expect(checkEndpoint(endpoint, receiver)).rejects.toBeInstanceOf(AppError);
    }
  });

  it('with no test receiver declared (SANDBOX_PUSH_PORT unset, or outside the sandbox) no loopback port is taken', async () => {
    expect(endpointProblem('http://127.0.0.1:45678/push/1', undefined)).not.toBeNull();
    await expect(
      checkEndpoint('http://127.0.0.1:45678/push/1', { sandboxPushPort: undefined }),
    ).rejects.toMatchObject({ code: 'push_endpoint_refused' });
  });

  it('a browser push service on a public name is taken, its explicit port 443 too', async () => {
    await expect(
      checkEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', {
        sandboxPushPort: undefined,
        resolve: publicDns,
      }),
    ).resolves.toBeUndefined();
    await expect(
      checkEndpoint('https://updates.push.services.mozilla.com:443/wpush/v2/x', {
        sandboxPushPort: undefined,
        resolve: publicDns,
      }),
    ).resolves.toBeUndefined();
  });

  it('a name is refused when any one of its addresses is not public, or when it does not resolve', async () => {
    const endpoint = 'https://push.example.net/abc';
    const resolvingTo =
      (...addresses: string[]): ResolveHost =>
      () =>
        Promise.resolve(addresses);
    for (const resolve of [
      resolvingTo('127.0.0.1'),
      resolvingTo('93.184.215.14', '10.1.2.3'),
      resolvingTo('2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::1'),
      resolvingTo('::ffff:169.254.169.254'),
      resolvingTo(),
      () => Promise.reject(new Error('ENOTFOUND')),
    ])
      await expect(checkEndpoint(endpoint, { sandboxPushPort: undefined, resolve })).rejects.toMatchObject({
        code: 'push_endpoint_refused',
      });
    await expect(
      checkEndpoint(endpoint, { sandboxPushPort: undefined, resolve: resolvingTo('93.184.215.14') }),
    ).resolves.toBeUndefined();
  });
});
