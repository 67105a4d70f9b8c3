import { parentPort } from 'node:worker_threads';
import { buildListIndex, screenSubject } from './matching/index.ts';
import type { ListedEntity, ListIndex } from './matching/types.ts';
import type { FromMatcher, ToMatcher } from './matcher-messages.ts';

/**
 * The screening's matcher thread (matcher-thread.ts starts it): holds the index of one list version
 * and screens the batches the job sends, so that building the index (the better part of a second
 * for thousands of entities) and matching (tens of microseconds a subject) never hold the server's
 * main thread. Messages are handled one at a time, in order.
 */
let held: { versionId: string; index: ListIndex } | null = null;

function answer(message: ToMatcher): FromMatcher {
  if (message.kind === 'load') {
    held = null;
    const entities = message.parts.flatMap((part) => JSON.parse(part) as ListedEntity[]);
    held = { versionId: message.versionId, index: buildListIndex(entities) };
    return { kind: 'loaded', id: message.id };
  }
  if (held?.versionId !== message.versionId)
    return { kind: 'failed', id: message.id, message: `no index of list version ${message.versionId}` };
  const index = held.index;
  return {
    kind: 'screened',
    id: message.id,
    results: message.subjects.map((subject) => screenSubject(index, subject, message.threshold)),
  };
}

parentPort?.on('message', (message: ToMatcher) => {
  let reply: FromMatcher;
  try {
    reply = answer(message);
  } catch (error) {
    reply = {
      kind: 'failed',
      id: message.id,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  parentPort?.postMessage(reply);
});
