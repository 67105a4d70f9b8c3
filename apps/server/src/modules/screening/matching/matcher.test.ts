import { describe, expect, it } from 'vitest';
import { buildListIndex, screenSubject, type ListedEntity, type ScreeningSubject } from './index.ts';

/**
 * The matcher's specification, as a table: a listed entity, a subject, and what screening the
 * subject against it gives at the default threshold of 80 — a match or not, and the bounds of the
 * best score. Scores follow scoring.ts: word credits exact 1, transliteration 0.95, transposition
 * 0.9, typo 0.85, initial 0.7; weak alias × 0.85; birth date +10 / +5 / −25; country +3 / −5;
 * a person's match on a single word capped at 70.
 */

const THRESHOLD = 80;

interface Listed {
  subjectType?: ListedEntity['subjectType'];
  /** Strong aliases, and `language` for a script other than Latin. */
  names: string[];
  weak?: string[];
  /** Birth dates: « 1970-03-05 », « 1961-02 », « 1970 », « ~1970 » (circa). */
  born?: string[];
  citizenships?: string[];
}

let serial = 0;
function entity(listed: Listed): ListedEntity {
  serial += 1;
  const alias = (wholeName: string, strong: boolean) => ({
    wholeName,
    firstName: null,
    middleName: null,
    lastName: null,
    strong,
    language: /[^ -~]/.test(wholeName) ? 'XX' : null,
  });
  return {
    entryId: `entry-${serial}`,
    contentSha256: 'a'.repeat(64),
    logicalId: 900_000 + serial,
    euReferenceNumber: null,
    subjectType: listed.subjectType ?? 'person',
    regulations: [],
    aliases: [...listed.names.map((n) => alias(n, true)), ...(listed.weak ?? []).map((n) => alias(n, false))],
    birthDates: (listed.born ?? []).map((text) => {
      const circa = text.startsWith('~');
      const [year, month, day] = text.replace('~', '').split('-').map(Number);
      return { year: year as number, month: month ?? null, day: day ?? null, circa };
    }),
    citizenships: listed.citizenships ?? [],
    identifications: [],
    addresses: [],
    remark: null,
  };
}

const customer = (fullName: string, born?: string, countries?: string[]): ScreeningSubject => {
  const [year, month, day] = (born ?? '').split('-').map(Number);
  return {
    kind: 'person',
    fullName,
    birthDate: born ? { year: year as number, month: month as number, day: day as number } : null,
    countries,
  };
};
const beneficiary = (fullName: string): ScreeningSubject => ({ kind: 'unknown', fullName });

const P = (names: string | string[], more: Omit<Listed, 'names'> = {}): Listed => ({
  names: typeof names === 'string' ? [names] : names,
  ...more,
});
const E = (name: string): Listed => ({ names: [name], subjectType: 'enterprise' });

interface Row {
  rule: string;
  listed: Listed;
  subject: ScreeningSubject;
  match: boolean;
  /** Bounds of the best score, inclusive. */
  score: [number, number];
}

const screen = (listed: Listed, subject: ScreeningSubject) =>
  screenSubject(buildListIndex([entity(listed)]), subject, THRESHOLD);

const table = (rows: Row[]) =>
  it.each(rows)('$rule', ({ listed, subject, match, score: [min, max] }) => {
    const result = screen(listed, subject);
    expect(result.matches.length > 0, `match (score ${result.topScore})`).toBe(match);
    expect(result.topScore).toBeGreaterThanOrEqual(min);
    expect(result.topScore).toBeLessThanOrEqual(max);
  });

describe('names, no birth date', () => {
  // One row a case, as a table.
  // prettier-ignore
  table([
    { rule: 'the same name in other case: 100', listed: P('John SMITH'), subject: customer('john smith'), match: true, score: [100, 100] },
    { rule: 'token order: « Smith John » is « John SMITH »', listed: P('John SMITH'), subject: customer('Smith John'), match: true, score: [100, 100] },
    { rule: 'accents', listed: P('Carlos DOMÍNGUEZ'), subject: customer('Carlos Dominguez'), match: true, score: [100, 100] },
    { rule: 'apostrophe', listed: P("Sean O'BRIEN"), subject: customer('Sean OBrien'), match: true, score: [100, 100] },
    { rule: 'hyphenated listed name, joined by the subject', listed: P('Jean-Pierre DUPONT'), subject: customer('Jeanpierre Dupont'), match: true, score: [100, 100] },
    { rule: 'hyphenated listed name, spaced by the subject', listed: P('Jean-Pierre DUPONT'), subject: customer('Jean Pierre Dupont'), match: true, score: [100, 100] },
    { rule: 'joined listed name, hyphenated by the subject', listed: P('Abdulrahman KHALIL'), subject: customer('Abdul-Rahman Khalil'), match: true, score: [100, 100] },
    { rule: 'one of two listed surnames', listed: P('Carlos DOMINGUEZ RUIZ'), subject: customer('Carlos Dominguez'), match: true, score: [83, 83] },
    { rule: 'listed middle name missing', listed: P('Ivan Sergeyevich PETRENKOV'), subject: customer('Ivan Petrenkov'), match: true, score: [83, 83] },
    { rule: 'extra middle name', listed: P('John SMITH'), subject: customer('John Paul Smith'), match: true, score: [83, 83] },
    { rule: 'typo: a letter replaced', listed: P('John SMITH'), subject: customer('John Smoth'), match: true, score: [92, 93] },
    { rule: 'typo: a letter added', listed: P('John SMITH'), subject: customer('John Smaith'), match: true, score: [92, 93] },
    { rule: 'a doubled letter is a variant spelling', listed: P('John SMITH'), subject: customer('John Smitth'), match: true, score: [97, 98] },
    { rule: 'typo: a letter left out', listed: P('John SMITH'), subject: customer('John Smth'), match: true, score: [92, 93] },
    { rule: 'transposition of neighbours', listed: P('John SMITH'), subject: customer('John Smiht'), match: true, score: [95, 95] },
    { rule: '« Jon Smyth »: a typo and a variant', listed: P('John SMITH'), subject: customer('Jon Smyth'), match: true, score: [90, 90] },
    { rule: 'no typo between three-letter words (« Tom » is not « Tim »)', listed: P('Tim BERG'), subject: customer('Tom Berg'), match: false, score: [0, 70] },
    { rule: 'a listed « DOMINGUEZ » never matches « Jimenez »', listed: P('Carlos DOMINGUEZ'), subject: customer('Carlos Jimenez'), match: false, score: [0, 70] },
    { rule: 'a common first name alone is no match', listed: P('John SMITH'), subject: beneficiary('John'), match: false, score: [0, 70] },
    { rule: 'the same first name, another surname', listed: P('John SMITH'), subject: customer('John Doe'), match: false, score: [0, 70] },
    { rule: 'the same first name against a longer listed name', listed: P('Mohamed ALI HASSAN'), subject: customer('Mohamed Martin'), match: false, score: [0, 70] },
    { rule: 'a surname alone is no match', listed: P('John SMITH'), subject: beneficiary('Smith'), match: false, score: [0, 70] },
    { rule: 'an initial for the first name', listed: P('John SMITH'), subject: beneficiary('J. Smith'), match: true, score: [85, 85] },
    { rule: 'an initial alone is no match', listed: P('John SMITH'), subject: beneficiary('J. Doe'), match: false, score: [0, 70] },
    { rule: 'a weak alias scores lower (× 0.85)', listed: P('Marek NOWAKOWSKI', { weak: ['Marek NOWAK'] }), subject: customer('Marek Nowak'), match: true, score: [85, 85] },
  ]);
});

describe('birth dates', () => {
  // One row a case, as a table.
  // prettier-ignore
  table([
    { rule: 'the full date agrees: +10', listed: P('Carlos DOMINGUEZ RUIZ', { born: ['1965-07-22'] }), subject: customer('Carlos Dominguez', '1965-07-22'), match: true, score: [93, 93] },
    { rule: '« Jon Smyth » born 1970 matches « John SMITH » born 1970: +5', listed: P('John SMITH', { born: ['1970'] }), subject: customer('Jon Smyth', '1970-03-05'), match: true, score: [95, 95] },
    { rule: 'both names exact, the year contradicts: −25, below 80', listed: P('John SMITH', { born: ['1970'] }), subject: customer('John Smith', '1980-03-05'), match: false, score: [75, 75] },
    { rule: 'both names exact, another day of the same year contradicts', listed: P('John SMITH', { born: ['1970-03-05'] }), subject: customer('John Smith', '1970-09-17'), match: false, score: [75, 75] },
    { rule: 'day and month swapped: the year agrees', listed: P('John SMITH', { born: ['1970-03-05'] }), subject: customer('Jon Smyth', '1970-05-03'), match: true, score: [95, 95] },
    { rule: 'a circa year agrees within one year', listed: P('John SMITH', { born: ['~1970'] }), subject: customer('Jon Smyth', '1971-01-01'), match: true, score: [95, 95] },
    { rule: 'a circa year contradicts beyond one year', listed: P('John SMITH', { born: ['~1970'] }), subject: customer('John Smith', '1975-01-01'), match: false, score: [75, 75] },
    { rule: 'a listed year and month that agree', listed: P('Ivan Sergeyevich PETRENKOV', { born: ['1961-02'] }), subject: customer('Ivan Petrenkov', '1961-02-14'), match: true, score: [88, 88] },
    { rule: 'one of several listed dates agrees', listed: P('Ivan Sergeyevich PETRENKOV', { born: ['1958', '1961-02-14'] }), subject: customer('Ivan Petrenkov', '1961-02-14'), match: true, score: [93, 93] },
    { rule: 'typos and a contradicting year', listed: P('John SMITH', { born: ['1970'] }), subject: customer('Jon Smyth', '1980-03-05'), match: false, score: [65, 65] },
    { rule: 'a weak alias and a contradicting year', listed: P('Marek NOWAKOWSKI', { weak: ['Marek NOWAK'], born: ['1960'] }), subject: customer('Marek Nowak', '1990-01-01'), match: false, score: [60, 60] },
    { rule: 'a date does not lift a single common word', listed: P('John SMITH', { born: ['1970-03-05'] }), subject: customer('John Doe', '1970-03-05'), match: false, score: [0, 70] },
  ]);
});

describe('countries', () => {
  // One row a case, as a table.
  // prettier-ignore
  table([
    { rule: 'a known country among the citizenships: +3', listed: P('John SMITH', { citizenships: ['GB'] }), subject: customer('Jon Smyth', undefined, ['GB']), match: true, score: [93, 93] },
    { rule: 'none of them: −5', listed: P('John SMITH', { citizenships: ['GB'] }), subject: customer('Jon Smyth', undefined, ['FR']), match: true, score: [85, 85] },
    { rule: 'exact names, contradicting year, agreeing country: still below 80', listed: P('John SMITH', { born: ['1970'], citizenships: ['GB'] }), subject: customer('John Smith', '1980-01-01', ['GB']), match: false, score: [78, 78] },
  ]);
});

describe('scripts and transliterations', () => {
  // One row a case, as a table.
  // prettier-ignore
  table([
    { rule: 'a Cyrillic-only alias found from its Latin transliteration', listed: P('Иван Сергеевич Петренков'), subject: customer('Ivan Petrenkov'), match: true, score: [83, 83] },
    { rule: 'Cyrillic against a French transliteration', listed: P('Сергей Кузнецов'), subject: customer('Sergueï Kouznetsov'), match: true, score: [95, 95] },
    { rule: 'Cyrillic zh, French j and gu', listed: P('Георгий Жуков'), subject: customer('Gueorgui Joukov'), match: true, score: [95, 95] },
    { rule: 'a Greek alias', listed: P('Γιάννης Παπαδόπουλος'), subject: customer('Giannis Papadopoulos'), match: true, score: [100, 100] },
    { rule: 'an Arabic alias, by its consonants', listed: P('صدام حسين'), subject: customer('Saddam Hussein'), match: true, score: [85, 85] },
    { rule: 'an Arabic alias of two-consonant words: found, under the threshold', listed: P('أسامة بن لادن'), subject: customer('Osama bin Laden'), match: false, score: [70, 79] },
    { rule: 'ü written ue', listed: P('Hans MÜLLER'), subject: customer('Hans Mueller'), match: true, score: [97, 98] },
    { rule: 'ł', listed: P('Łukasz KOWALSKI'), subject: customer('Lukasz Kowalski'), match: true, score: [100, 100] },
    { rule: 'ø', listed: P('Søren JØRGENSEN'), subject: customer('Soren Jorgensen'), match: true, score: [100, 100] },
    { rule: 'ß', listed: P('Günther STRAßER'), subject: customer('Gunther Strasser'), match: true, score: [100, 100] },
    { rule: 'đ and ć', listed: P('Đorđe PETROVIĆ'), subject: customer('Dorde Petrovic'), match: true, score: [100, 100] },
    { rule: 'ks for x, w for v', listed: P('Aleksandr VOLKOV'), subject: customer('Alexandr Volkow'), match: true, score: [95, 95] },
  ]);
});

describe('enterprises: the whole name, legal forms left out', () => {
  // One row a case, as a table.
  // prettier-ignore
  table([
    { rule: 'without its legal form', listed: E('Acme Trading LLC'), subject: beneficiary('ACME TRADING'), match: true, score: [100, 100] },
    { rule: 'another legal form, dotted', listed: E('Acme Trading LLC'), subject: beneficiary('Acme Trading S.A.R.L.'), match: true, score: [100, 100] },
    { rule: 'a Cyrillic name with OOO', listed: E('ООО Акме Трейдинг'), subject: beneficiary('Akme Treiding'), match: true, score: [100, 100] },
    { rule: 'a legal form of several words', listed: E('Northwind Shipping Limited Liability Company'), subject: beneficiary('Northwind Shipping Ltd'), match: true, score: [100, 100] },
    { rule: 'word order', listed: E('Northwind Shipping Ltd'), subject: beneficiary('Shipping Northwind'), match: true, score: [100, 100] },
    { rule: 'a typo in the distinctive word', listed: E('Rosnavtegaz Holding'), subject: beneficiary('Rosnavtegas Holding'), match: true, score: [90, 90] },
    { rule: 'a one-word name: no single-word cap for companies', listed: E('HELIOTROPE'), subject: beneficiary('Heliotrope SA'), match: true, score: [100, 100] },
    { rule: 'only the common part in common', listed: E('Acme Trading LLC'), subject: beneficiary('Acme Holdings'), match: false, score: [67, 67] },
    { rule: 'words many companies share weigh half', listed: E('Zenith Trading Group'), subject: beneficiary('Alpha Trading Group'), match: false, score: [50, 50] },
  ]);
});

describe('who is compared with whom', () => {
  // One row a case, as a table.
  // prettier-ignore
  table([
    { rule: 'a customer is a person: never compared with a company', listed: E('Acme Trading LLC'), subject: customer('Acme Trading'), match: false, score: [0, 0] },
    { rule: 'a beneficiary may be a person', listed: P('John SMITH'), subject: beneficiary('John Smith'), match: true, score: [100, 100] },
    { rule: 'an empty name matches nothing', listed: P('John SMITH'), subject: beneficiary(' - '), match: false, score: [0, 0] },
  ]);
});

describe('the result', () => {
  it('explains a match: the alias, each word and how, the date, and a French summary', () => {
    const result = screen(P('John SMITH', { born: ['1970'] }), customer('Jon Smyth', '1970-03-05'));
    const [match] = result.matches;
    expect(match?.score).toBe(95);
    expect(match?.explanation).toEqual({
      alias: 'John SMITH',
      strong: true,
      language: null,
      tokens: [
        { subject: 'jon', listed: 'john', how: 'typo' },
        { subject: 'smyth', listed: 'smith', how: 'transliteration' },
      ],
      unmatchedListed: [],
      unmatchedSubject: [],
      nameScore: 90,
      birthDate: { listed: '1970', subject: '1970-03-05', effect: 'year_agrees' },
      country: null,
      summary:
        'Alias fort « John SMITH » : jon≈john (faute de frappe), smyth≈smith (translittération) ; nom 90/100 ; ' +
        'année de naissance 1970 concordante (+5) ; score 95/100',
    });
  });

  it('names what lowered the score: a weak alias, words left over, a contradicting date and country', () => {
    const listed = P('Marek NOWAKOWSKI', {
      weak: ['Marek Antoni NOWAK'],
      born: ['1960-04-02'],
      citizenships: ['PL'],
    });
    const result = screenSubject(
      buildListIndex([entity(listed)]),
      customer('Marek Nowak', '1961-04-02', ['DE']),
      40,
    );
    expect(result.matches[0]?.explanation).toMatchObject({
      alias: 'Marek Antoni NOWAK',
      strong: false,
      unmatchedListed: ['antoni'],
      birthDate: { listed: '1960-04-02', subject: '1961-04-02', effect: 'contradicts' },
      country: { listed: ['PL'], subject: ['DE'], effect: 'contradicts' },
      summary:
        'Alias faible « Marek Antoni NOWAK » (×0,85) : marek, nowak ; nom 83/100 ; mots de la liste absents : antoni ; ' +
        'date de naissance contradictoire : 02/04/1960 listée, 02/04/1961 connue (−25) ; ' +
        'nationalité listée PL, pays connu DE : contradictoire (−5) ; score 41/100',
    });
  });

  it('says when a single word capped the score', () => {
    const result = screenSubject(buildListIndex([entity(P('John SMITH'))]), customer('John Doe'), 60);
    expect(result.topScore).toBe(50);
    const capped = screenSubject(
      buildListIndex([entity(P('Johnathan SMITHERSON'))]),
      beneficiary('Johnathan'),
      60,
    );
    expect(capped.matches[0]?.explanation.summary).toContain('un seul mot du nom en commun : plafonné à 70');
    expect(capped.topScore).toBe(70);
  });

  it('lists every entity at or above the threshold, best first, and the best score even below it', () => {
    const index = buildListIndex([
      entity(P('John SMITH')),
      entity(P('John SMITHSON')),
      entity(P('Jon SMYTH', { born: ['1970'] })),
      entity(P('Paul MARTIN')),
    ]);
    const found = screenSubject(index, customer('John Smith', '1970-01-01'), THRESHOLD);
    expect(found.matches.map((m) => [m.explanation.alias, m.score])).toEqual([
      ['John SMITH', 100],
      ['Jon SMYTH', 95],
    ]);
    expect(found.topScore).toBe(100);
    const near = screenSubject(index, customer('John Smithsen'), 95);
    expect(near.matches).toEqual([]);
    expect(near.topScore).toBe(93);
  });

  it('keeps the best alias of an entity, a strong one over a weak one at the same score', () => {
    const index = buildListIndex([entity(P('John SMITH', { weak: ['John SMITH', 'Johnny SMITH'] }))]);
    const result = screenSubject(index, customer('John Smith'), THRESHOLD);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]?.explanation).toMatchObject({ alias: 'John SMITH', strong: true });
  });
});
