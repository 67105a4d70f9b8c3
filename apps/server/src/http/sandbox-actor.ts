/**
 * Who calls a sandbox tool: an operator (admin or compliance) with a session, or a script holding the
 * sandbox key (`SANDBOX_API_KEY`), which stands for the card network or another bank.
 */
export type SandboxActor = { kind: 'operator'; id: string } | { kind: 'key' };

/** The idempotency scope of a sandbox caller: one per operator, one for the key. */
export const sandboxScope = (actor: SandboxActor): string =>
  actor.kind === 'operator' ? `operator:${actor.id}` : 'sandbox-key';

/** The operator to audit and record as initiator, if any (the key is no operator). */
export const sandboxOperatorId = (actor: SandboxActor): string | null =>
  actor.kind === 'operator' ? actor.id : null;
