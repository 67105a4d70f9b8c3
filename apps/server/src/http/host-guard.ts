import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { problem, sendProblem } from './problem.ts';

/** A Host value as RFC 9110 allows it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST_SYNTAX = /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{0,5})?$/i;

/**
 * The host name a Host value names, normalised as a browser resolves it: lower case, IPv4 and IPv6
 * in their canonical spelling, without the port nor a final dot. Null when it is no host at all.
 */
export function hostName(host: string): string | null {
  if (!HOST_SYNTAX.test(host)) return null;
  try {
    return new URL(`http://${host}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Names that reach this machine only: a page of another site can never be served under them. */
function isLoopbackName(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

/**
 * Which host names this server answers for: loopback names always (on any port: a rebound page
 * names its own domain, never these, and a health check on the machine itself names them), and
 * PUBLIC_URL's host name when configured.
 */
export function hostAllowed(config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>) {
  const configured = config.publicUrlConfigured ? hostName(new URL(config.publicUrl).host) : null;
  return (host: string): boolean => {
    const name = hostName(host);
    if (name === null) return false;
    return name === configured || isLoopbackName(name);
  };
}

/**
 * Refuses, before any route runs, a request addressed to another host name than the site's: a
 * page of another site whose name was rebound to this server's address (DNS rebinding) would
 * otherwise read the site's answers, the sandbox mailbox's live links among them. Both the Host
 * (X-Forwarded-Host from a trusted proxy, as Fastify reads it) and the authority of an
 * absolute-form request target (`GET http://host/path`) must name the site.
 */
export function hostGuard(config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>) {
  const allowed = hostAllowed(config);
  return async function requireOwnHost(request: FastifyRequest, reply: FastifyReply) {
    const target = request.raw.url ?? '/';
    if (allowed(request.host) && (target.startsWith('/') || targetAllowed(target, allowed))) return;
    return sendProblem(
      reply,
      problem(421, 'misdirected_request', 'Requête refusée : elle ne s’adresse pas au site de la banque.'),
    );
  };
}

function targetAllowed(target: string, allowed: (host: string) => boolean): boolean {
  if (target === '*') return true;
  const authority = /^https?:\/\/([^/?#]*)/i.exec(target)?.[1];
  return authority !== undefined && allowed(authority);
}
