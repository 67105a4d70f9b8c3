import webpush from 'web-push';
import type { AppContext } from '../../context.ts';
import { Sealer } from '../../crypto/seal.ts';
import type { Db } from '../../db/types.ts';
import { insertVapidKeys, vapidKeyRow } from './queries.ts';

/** The bank's VAPID key pair (RFC 8292), base64url as web-push and the browser's `applicationServerKey` take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

type KeyContext = Pick<AppContext, 'db' | 'masterKey' | 'clock'>;

/** Sealed under its own purpose key, bound to the public key: a sealed private key copied beside another public key does not open. */
const sealer = (ctx: KeyContext) => new Sealer(ctx.masterKey, 'push-vapid');

async function loadOrMake(ctx: KeyContext): Promise<VapidKeys> {
  let row = await vapidKeyRow(ctx.db);
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await insertVapidKeys(
      ctx.db,
      { public_key: made.publicKey, private_key_sealed: sealer(ctx).seal(made.privateKey, made.publicKey) },
      ctx.clock.now(),
    );
    // Another instance may have kept its pair first: everyone uses the one stored.
    row = await vapidKeyRow(ctx.db);
    if (!row) throw new Error('VAPID keys not stored');
  }
  return { publicKey: row.public_key, privateKey: sealer(ctx).open(row.private_key_sealed, row.public_key) };
}

const known = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The bank's VAPID key pair: made once, at first need, and shared by every instance through the
 * database (the private key sealed under the master key). Kept in memory once read.
 */
export function vapidKeys(ctx: KeyContext): Promise<VapidKeys> {
  let keys = known.get(ctx.db);
  if (!keys) {
    keys = loadOrMake(ctx);
    known.set(ctx.db, keys);
    void keys.catch(() => known.delete(ctx.db));
  }
  return keys;
}

/**
 * The VAPID `sub` claim: a contact for the push services' operators, the institution's support
 * address (a mailto: URL, as RFC 8292 §2.1 asks).
 */
export const vapidSubject = (ctx: Pick<AppContext, 'config'>): string =>
  `mailto:${ctx.config.institution.emails.support}`;
