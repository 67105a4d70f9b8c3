import { Sealer } from '../crypto/seal.ts';
import { cardSecrets } from '../modules/cards/index.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { SealedRow, SealedTable } from './queries.ts';

/** What moving a value needs: the target key (older keys registered with it) and the file store. */
export interface RotationKeys {
  target: Buffer;
  files: FileStore;
}

/**
 * One set of sealed values: where they live and how one row moves to the target key. `move`
 * returns the row's new column values, or null when nothing in the database changes (already
 * under the target key, or a file rewritten in the store).
 */
export interface SealedValueSet extends SealedTable {
  name: string;
  /** The purpose keys (`new Sealer(key, purpose)`) and keyed hashes (`comptoir:<label>`) it covers. */
  purposes: readonly string[];
  move(row: SealedRow, keys: RotationKeys): Promise<Record<string, string> | null>;
}

/** A text column sealed under `purpose`, with the associated data `aad(row)`. */
function sealedColumn(
  name: string,
  purpose: string,
  t: SealedTable,
  aad: (row: SealedRow) => string,
): SealedValueSet {
  const column = t.columns[0] as string;
  return {
    name,
    purposes: [purpose],
    ...t,
    move: (row, keys) => {
      const sealer = new Sealer(keys.target, purpose);
      const sealed = row[column] as string;
      if (sealer.isCurrent(sealed)) return Promise.resolve(null);
      return Promise.resolve({ [column]: sealer.seal(sealer.open(sealed, aad(row)), aad(row)) });
    },
  };
}

/** Identity documents: files sealed under `documents` (the document id as associated data), rewritten in place. */
function documentFiles(name: string, t: SealedTable, idColumn: string): SealedValueSet {
  const storageKey = t.columns[0] as string;
  return {
    name,
    purposes: ['documents'],
    ...t,
    move: async (row, keys) => {
      const sealer = new Sealer(keys.target, 'documents');
      const key = row[storageKey] as string;
      const sealed = await keys.files.get(key);
      if (sealed && !sealer.isCurrentBytes(sealed)) {
        const aad = row[idColumn] as string;
        await keys.files.put(key, sealer.sealBytes(sealer.openBytes(sealed, aad), aad));
      }
      return null;
    },
  };
}

const uuidKey = { key: 'id', keyType: 'uuid' } as const;

/**
 * Keyed from the master key but kept outside the database: the audit chain's checkpoint, signed
 * again under the new key as the rotation's last step (rotate.ts, audit/checkpoint.ts).
 */
export const OUTSIDE_THE_DATABASE: readonly string[] = ['audit-checkpoint'];

/**
 * Every value sealed under the master key or keyed from it. A new sealed column or purpose key
 * goes here too: sealed-values.test.ts fails on a `new Sealer(…, purpose)` or a `*_sealed` column
 * left out.
 */
export const SEALED_VALUE_SETS: readonly SealedValueSet[] = [
  sealedColumn(
    'customer-tax-ids',
    'customer-tax-id',
    { table: 'customers', ...uuidKey, columns: ['tax_id_sealed'] },
    (row) => row.cursor.toLowerCase(),
  ),
  sealedColumn(
    'customer-totp-secrets',
    'customer-totp',
    { table: 'sca_factors', ...uuidKey, columns: ['totp_secret_sealed'] },
    (row) => row.cursor.toLowerCase(),
  ),
  sealedColumn(
    'operator-totp-secrets',
    'operator-totp',
    { table: 'operators', ...uuidKey, columns: ['totp_secret_sealed'] },
    (row) => row.cursor,
  ),
  sealedColumn(
    'card-authentication-values',
    'card-authentication-value',
    { table: 'card_authentications', ...uuidKey, columns: ['value_sealed'] },
    (row) => `card-authentication:${row.cursor}`,
  ),
  sealedColumn(
    'push-vapid-key',
    'push-vapid',
    {
      table: 'push_vapid_keys',
      key: 'id',
      keyType: 'boolean',
      columns: ['private_key_sealed', 'public_key'],
    },
    (row) => row.public_key as string,
  ),
  sealedColumn(
    'psd2-sandbox-authority',
    'psd2-sandbox-authority',
    {
      table: 'psd2_sandbox_authority',
      key: 'id',
      keyType: 'boolean',
      columns: ['private_key_sealed'],
    },
    () => 'psd2-sandbox-authority',
  ),
  {
    // PAN and CVV sealed; fingerprint and CVV MAC recomputed from them under the target key.
    name: 'cards',
    purposes: ['card-data', 'card-fingerprint'],
    table: 'cards',
    ...uuidKey,
    columns: ['pan_sealed', 'cvv_sealed', 'pan_fingerprint', 'cvv_mac'],
    move: (row, keys) => {
      const secrets = cardSecrets(keys.target);
      const sealed = { panSealed: row.pan_sealed as string, cvvSealed: row.cvv_sealed as string };
      const { pan, cvv } = secrets.open(row.cursor, sealed);
      const fingerprint = secrets.fingerprint(pan);
      if (secrets.isCurrent(sealed) && fingerprint === row.pan_fingerprint) return Promise.resolve(null);
      const resealed = secrets.seal(row.cursor, { pan, cvv });
      return Promise.resolve({
        pan_sealed: resealed.panSealed,
        cvv_sealed: resealed.cvvSealed,
        pan_fingerprint: fingerprint,
        cvv_mac: secrets.cvvMac(pan, cvv),
      });
    },
  },
  documentFiles(
    'onboarding-documents',
    { table: 'onboarding_documents', ...uuidKey, columns: ['storage_key', 'id'] },
    'id',
  ),
  documentFiles(
    'document-request-files',
    { table: 'document_request_files', ...uuidKey, columns: ['storage_key', 'id'] },
    'id',
  ),
  documentFiles(
    'identity-change-documents',
    { table: 'identity_change_requests', ...uuidKey, columns: ['document_storage_key', 'document_id'] },
    'document_id',
  ),
];
