import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { Sealer } from '../crypto/seal.ts';
import { authenticationValues } from '../modules/card-authentications/index.ts';
import { cardSecrets } from '../modules/cards/index.ts';
import { openTaxId, sealTaxId } from '../modules/customers/index.ts';
import { newTotpSecret } from '../crypto/totp.ts';
import { createOperator } from '../modules/operators/index.ts';
import { vapidKeys } from '../modules/push/index.ts';
import { openTotpSecret, sealTotpSecret } from '../modules/sca/index.ts';
import { cardFixture, type CardFixture } from './card-fixtures.ts';
import { uniqueEmail } from './test-basics.ts';

/** One value of every sealed kind, in clear, to compare with what the database opens to. */
export interface SealedValues {
  card: CardFixture;
  taxId: string;
  factorId: string;
  customerTotp: string;
  operatorId: string;
  operatorTotp: string;
  authenticationId: string;
  authenticationValue: string;
  vapidPrivateKey: string;
  documentId: string;
  document: string;
}

/**
 * A customer with a funded account and a card, a tax number, a TOTP factor and an identity
 * document; an operator; an approved 3-D Secure authentication whose value waits to be read; the
 * bank's VAPID key — each sealed by the code that seals it in the product.
 */
export async function sealOneOfEach(ctx: AppContext, funding = 12_345): Promise<SealedValues> {
  const card = await cardFixture(ctx, { funding });
  const taxId = `${Math.floor(Math.random() * 1e12)}`.padStart(13, '1');
  const factorId = randomUUID();
  const customerTotp = newTotpSecret();
  const { operator, totpSecret: operatorTotp } = await createOperator(ctx, {
    email: uniqueEmail('operateur'),
    password: 'Trois-Poires-Vertes-42',
    role: 'admin',
  });
  const authenticationId = randomUUID();
  const values = authenticationValues(ctx.masterKey);
  const authenticationValue = randomUUID();
  const documentId = randomUUID();
  const document = `%PDF-1.4 carte d'identité ${documentId}`;
  const storageKey = await ctx.files.put(Buffer.from(document), documentId);
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    await q.query('update customers set tax_id_sealed = $2 where id = $1', [
      card.customerId,
      sealTaxId(ctx, card.customerId, taxId),
    ]);
    await q.query(
      `insert into sca_factors (id, customer_id, type, name, totp_secret_sealed) values ($1, $2, 'totp', 'Téléphone', $3)`,
      [factorId, card.customerId, sealTotpSecret(ctx, factorId, customerTotp)],
    );
    await q.query(
      `insert into card_authentications (id, card_id, customer_id, amount, merchant, status, value_hash,
         value_sealed, value_expires_at, created_at, expires_at, decided_at)
       values ($1, $2, $3, 1000, 'Librairie', 'approved', $4, $5, $6, $6, $6, $6)`,
      [
        authenticationId,
        card.cardId,
        card.customerId,
        randomUUID(),
        values.seal(authenticationId, authenticationValue),
        now,
      ],
    );
    const { rows } = await q.query<{ id: string }>(
      `insert into onboarding_applications (id, status, customer_id, residence_country, income_range,
         profession, created_at, updated_at) values ($1, 'approved', $2, 'FR', '30-50k', 'Libraire', $3, $3) returning id`,
      [randomUUID(), card.customerId, now],
    );
    await q.query(
      `insert into onboarding_documents (id, application_id, kind, mime, size, storage_key, uploaded_at)
       values ($1, $2, 'id_front', 'application/pdf', $3, $4, $5)`,
      [documentId, rows[0]!.id, Buffer.byteLength(document), storageKey, now],
    );
  });
  const vapid = await vapidKeys(ctx);
  return {
    card,
    taxId,
    factorId,
    customerTotp,
    operatorId: operator.id,
    operatorTotp,
    authenticationId,
    authenticationValue,
    vapidPrivateKey: vapid.privateKey,
    documentId,
    document,
  };
}

export type OpenedValues = Omit<SealedValues, 'card'> & { pan: string; cvv: string; fingerprintOk: boolean };

/** Opens every value of `v` as the product would, under `ctx.masterKey` (and the older keys it accepts). */
export async function openEach(ctx: AppContext, v: SealedValues): Promise<OpenedValues> {
  const one = async <T>(sql: string, id: string): Promise<T> => {
    const { rows } = await ctx.db.query<T>(sql, [id]);
    if (!rows[0]) throw new Error(`no row for ${id}`);
    return rows[0];
  };
  const customer = await one<{ tax_id_sealed: string }>(
    'select tax_id_sealed from customers where id = $1',
    v.card.customerId,
  );
  const factor = await one<{ totp_secret_sealed: string }>(
    'select totp_secret_sealed from sca_factors where id = $1',
    v.factorId,
  );
  const operator = await one<{ totp_secret_sealed: string }>(
    'select totp_secret_sealed from operators where id = $1',
    v.operatorId,
  );
  const auth = await one<{ value_sealed: string }>(
    'select value_sealed from card_authentications where id = $1',
    v.authenticationId,
  );
  const card = await one<{
    pan_sealed: string;
    cvv_sealed: string;
    pan_fingerprint: string;
    cvv_mac: string;
  }>('select pan_sealed, cvv_sealed, pan_fingerprint, cvv_mac from cards where id = $1', v.card.cardId);
  const doc = await one<{ storage_key: string }>(
    'select storage_key from onboarding_documents where id = $1',
    v.documentId,
  );
  const vapid = await one<{ public_key: string; private_key_sealed: string }>(
    'select public_key, private_key_sealed from push_vapid_keys where id = $1',
    'true',
  );
  const secrets = cardSecrets(ctx.masterKey);
  const { pan, cvv } = secrets.open(v.card.cardId, {
    panSealed: card.pan_sealed,
    cvvSealed: card.cvv_sealed,
  });
  const file = await ctx.files.get(doc.storage_key, v.documentId);
  return {
    taxId: openTaxId(ctx, v.card.customerId, customer.tax_id_sealed) ?? '',
    factorId: v.factorId,
    customerTotp: openTotpSecret(ctx, v.factorId, factor.totp_secret_sealed),
    operatorId: v.operatorId,
    operatorTotp: new Sealer(ctx.masterKey, 'operator-totp').open(operator.totp_secret_sealed, v.operatorId),
    authenticationId: v.authenticationId,
    authenticationValue: authenticationValues(ctx.masterKey).open(v.authenticationId, auth.value_sealed),
    vapidPrivateKey: new Sealer(ctx.masterKey, 'push-vapid').open(vapid.private_key_sealed, vapid.public_key),
    documentId: v.documentId,
    document: file?.toString() ?? '',
    pan,
    cvv,
    // Under the current key, or an older one still accepted (a card a rotation has not reached yet).
    fingerprintOk: secrets.generations.some(
      (g) => card.pan_fingerprint === g.fingerprint(pan) && card.cvv_mac === g.cvvMac(pan, cvv),
    ),
  };
}

/** What `openEach` gives back when every value opens to what was sealed. */
export function expectedOpen(v: SealedValues): OpenedValues {
  const { card, ...rest } = v;
  return { ...rest, pan: card.pan, cvv: card.cvv, fingerprintOk: true };
}
