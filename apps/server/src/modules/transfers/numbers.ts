import { randomInt } from 'node:crypto';
import { transactionNumber } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { numberTaken } from './queries.ts';

/**
 * A `st-` number free among transfers and ledger entries: the transfer shows it from its creation
 * and its ledger entry, booked now or on its day, carries the same one.
 */
export async function freeNumber(q: Queryable): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = transactionNumber(randomInt);
    if (!(await numberTaken(q, number))) return number;
  }
  throw new Error('could not allocate a transaction number');
}
