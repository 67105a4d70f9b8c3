import { describe, expect, it } from 'vitest';
import type { AssetFreeze, ScreeningAlert, ScreeningExplanation } from '@comptoir/contracts';
import { i18n } from '../../i18n/i18n.ts';
import '../copy.ts';
import {
  aliasName,
  alertActions,
  alertBadge,
  explanationDateText,
  explanationLines,
  freezeActions,
  listedBirthDateText,
  reviewScreening,
  shortSha,
} from './screening-text.ts';

const t = i18n.t.bind(i18n);

/** « Jon Smyth », born 5 March 1970, against a listed « John SMITH » born in 1970. */
const explanation: ScreeningExplanation = {
  alias: 'John SMITH',
  strong: true,
  language: null,
  tokens: [
    { subject: 'jon', listed: 'john', how: 'typo' },
    { subject: 'smyth', listed: 'smith', how: 'transliteration' },
  ],
  unmatchedListed: [],
  unmatchedSubject: [],
  nameScore: 90.4,
  birthDate: { listed: '1970', subject: '1970-03-05', effect: 'year_agrees' },
  country: null,
  summary:
    'Alias fort « John SMITH » : jon≈john (faute de frappe), smyth≈smith (translittération) ; nom 90/100 ; année de naissance 1970 concordante (+5) ; score 95/100',
};

const alice = { id: 'op-alice', name: 'Alice', email: 'alice@exemple.test' };
const bruno = { id: 'op-bruno', name: 'Bruno', email: 'bruno@exemple.test' };

const alert = (overrides: Partial<ScreeningAlert> = {}): ScreeningAlert => ({
  id: 'a1',
  status: 'open',
  subject: {
    kind: 'customer',
    customer: {
      id: 'c1',
      customerNumber: '100001',
      firstName: 'Jon',
      lastName: 'Smyth',
      birthDate: '1970-03-05',
    },
  },
  entry: {
    entryId: 'e1',
    logicalId: 900101,
    euReferenceNumber: 'EU.9901.01',
    subjectType: 'person',
    aliases: [],
    birthDates: [],
    citizenships: ['GB'],
    identifications: [],
    addresses: [],
    regulations: [],
    remark: null,
  },
  listVersion: { id: 'v1', number: 1 },
  score: 95,
  explanation,
  proposal: null,
  decision: null,
  freezeId: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

const freeze = (overrides: Partial<AssetFreeze> = {}): AssetFreeze => ({
  id: 'f1',
  subjectKind: 'customer',
  customer: {
    id: 'c1',
    customerNumber: '100001',
    firstName: 'Jon',
    lastName: 'Smyth',
    birthDate: '1970-03-05',
  },
  payee: null,
  alertId: 'a1',
  logicalId: 900101,
  status: 'active',
  frozenAt: '2026-03-01T10:00:00.000Z',
  delisted: false,
  lift: null,
  ...overrides,
});

describe('the matcher’s explanation, in the queue’s words', () => {
  it('names the alias, the words paired and how, the name’s score and the birth date’s effect', () => {
    expect(explanationLines(t, explanation)).toEqual([
      'Alias fort « John SMITH »',
      'Mots rapprochés : jon ≈ john (faute de frappe), smyth ≈ smith (translittération)',
      'Score du nom : 90/100',
      'Date de naissance : 1970 listée, 5 mars 1970 connue — année concordante',
    ]);
  });

  it('says a weak alias weighs less, lists the words left over and a contradicting nationality by its French name', () => {
    const lines = explanationLines(t, {
      ...explanation,
      alias: 'El Contable',
      strong: false,
      tokens: [{ subject: 'contable', listed: 'contable', how: 'exact' }],
      unmatchedListed: ['el'],
      unmatchedSubject: ['pedro'],
      birthDate: { listed: '1965-07', subject: '1980-01-01', effect: 'contradicts' },
      country: { listed: ['ES'], subject: ['FR'], effect: 'contradicts' },
    });
    expect(lines).toEqual([
      'Alias faible « El Contable » (pèse moins)',
      'Mots rapprochés : contable',
      'Mots de la liste absents du nom criblé : el',
      'Mots du nom criblé absents de la liste : pedro',
      'Score du nom : 90/100',
      'Date de naissance : juillet 1965 listée, 1er janvier 1980 connue — contradictoire',
      'Nationalité listée : Espagne ; pays connu du client : France — contradictoires',
    ]);
  });

  it('says when no word met', () => {
    expect(explanationLines(t, { ...explanation, tokens: [], birthDate: null })[1]).toBe(
      'Aucun mot en commun',
    );
  });

  it('writes a stored date in French whatever its precision', () => {
    expect(explanationDateText('1970-03-05')).toBe('5 mars 1970');
    expect(explanationDateText('1970-03')).toBe('mars 1970');
    expect(explanationDateText('1970')).toBe('1970');
    expect(explanationDateText('vers 1970')).toBe('vers 1970');
  });
});

describe('a listed entity’s names and dates', () => {
  it('writes a birth date with the precision the list gives', () => {
    expect(listedBirthDateText(t, { year: 1965, month: 7, day: 22, circa: false })).toBe('22 juillet 1965');
    expect(listedBirthDateText(t, { year: 1965, month: 7, day: null, circa: false })).toBe('juillet 1965');
    expect(listedBirthDateText(t, { year: 1970, month: null, day: null, circa: false })).toBe('1970');
    expect(listedBirthDateText(t, { year: 1970, month: null, day: null, circa: true })).toBe('vers 1970');
  });

  it('names an alias by its whole name, else by its parts', () => {
    const base = { firstName: 'John', middleName: null, lastName: 'SMITH', strong: true, language: null };
    expect(aliasName({ ...base, wholeName: 'John SMITH' })).toBe('John SMITH');
    expect(aliasName({ ...base, wholeName: ' ' })).toBe('John SMITH');
  });

  it('shortens a SHA-256 to its first twelve digits', () => {
    expect(shortSha('a'.repeat(64))).toBe('aaaaaaaaaaaa…');
  });
});

describe('four eyes on an alert', () => {
  it('offers an open alert’s two decisions to any operator', () => {
    expect(alertActions(alert(), alice.id)).toEqual({
      falsePositive: true,
      confirm: true,
      approve: false,
      ownProposal: false,
    });
  });

  it('offers a proposed confirmation’s approval, or its overruling, to another operator only', () => {
    const proposed = alert({
      status: 'confirmation_proposed',
      proposal: { by: alice, at: '2026-03-01T09:30:00.000Z', note: 'Même personne' },
    });
    expect(alertActions(proposed, bruno.id)).toEqual({
      falsePositive: true,
      confirm: false,
      approve: true,
      ownProposal: false,
    });
    expect(alertActions(proposed, alice.id)).toEqual({
      falsePositive: false,
      confirm: false,
      approve: false,
      ownProposal: true,
    });
  });

  it('offers nothing on a closed alert, and shows its decision as its badge', () => {
    const closed = alert({
      status: 'closed',
      decision: { kind: 'confirmed', by: bruno, at: '2026-03-01T10:00:00.000Z', note: null },
    });
    expect(Object.values(alertActions(closed, alice.id)).some(Boolean)).toBe(false);
    expect(alertBadge(closed)).toBe('confirmed');
    expect(alertBadge(alert())).toBe('open');
  });
});

describe('four eyes on a freeze', () => {
  it('offers the lifting’s proposal on a freeze in force, its approval to another operator only', () => {
    expect(freezeActions(freeze(), alice.id)).toEqual({ propose: true, approve: false, ownProposal: false });
    const proposed = freeze({
      status: 'lift_proposed',
      lift: {
        reason: 'delisting',
        note: 'Radiée le 3 mars',
        proposedBy: alice,
        proposedAt: '2026-03-03T09:00:00.000Z',
        approvedBy: null,
        liftedAt: null,
      },
    });
    expect(freezeActions(proposed, bruno.id)).toEqual({ propose: false, approve: true, ownProposal: false });
    expect(freezeActions(proposed, alice.id)).toEqual({ propose: false, approve: false, ownProposal: true });
    expect(freezeActions(freeze({ status: 'lifted' }), bruno.id)).toEqual({
      propose: false,
      approve: false,
      ownProposal: false,
    });
  });
});

describe('the review’s screening line', () => {
  it('puts open alerts first, then the last screening, else « en cours »', () => {
    const screened = { lastScreenedAt: '2026-03-01T09:00:00.000Z', listVersionNumber: 3, frozen: false };
    expect(reviewScreening({ ...screened, openAlerts: 2 })).toEqual({ kind: 'alerts', count: 2 });
    expect(reviewScreening({ ...screened, openAlerts: 0 })).toEqual({
      kind: 'clear',
      listVersionNumber: 3,
      screenedAt: '2026-03-01T09:00:00.000Z',
    });
    expect(
      reviewScreening({ lastScreenedAt: null, listVersionNumber: null, openAlerts: 0, frozen: false }),
    ).toEqual({ kind: 'pending' });
  });
});
