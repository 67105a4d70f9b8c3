// Error codes thrown here: sandbox_key_invalid, unauthenticated.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { OperatorRole } from '@comptoir/contracts';
import { AppError } from '../errors.ts';
import { operatorGuard } from './operator-guard.ts';
import type { SandboxActor } from './sandbox-actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sandboxActor?: SandboxActor;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * preHandler of every sandbox tool: `Authorization: Bearer <SANDBOX_API_KEY>` when a key is
 * configured (compared as SHA-256 digests in constant time: neither the length nor a prefix of the
 * key leaks), else an operator session holding one of `roles` — admin or compliance, as the route
 * table says (support → 403). A wrong key is 401 even with a session: a script that sends a key
 * means the key. Sets `request.sandboxActor`. Attached from the route table (route-guard.ts).
 */
export const sandboxGuard = (ctx: AppContext, roles: readonly OperatorRole[]) => {
  const operators = operatorGuard(ctx, roles);
  const expected = ctx.config.sandboxApiKey ? digest(ctx.config.sandboxApiKey) : null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer (.+)$/.exec(header);
      if (!expected || !match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
        throw new AppError('sandbox_key_invalid');
      }
      request.sandboxActor = { kind: 'key' };
      return;
    }
    await operators(request, reply);
    request.sandboxActor = { kind: 'operator', id: request.operator!.id };
  };
};

/** The caller; only call behind `sandboxGuard`. */
export function sandboxActor(request: FastifyRequest): SandboxActor {
  const actor = request.sandboxActor;
  if (!actor) throw new AppError('unauthenticated');
  return actor;
}
