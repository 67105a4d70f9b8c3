/**
 * One entity of the EU consolidated financial sanctions list, as parsed from its XML export
 * (namespace http://eu.europa.ec/fpi/fsd/export, element `sanctionEntity`) and kept as the
 * `entry` column of `sanctions_entries`. Countries are ISO 3166 alpha-2 codes, upper case.
 */
export interface ParsedEntry {
  /** `sanctionEntity/@logicalId`: the list's stable identifier of the entity. */
  logicalId: number;
  /** `sanctionEntity/@euReferenceNumber`, e.g. `EU.27.28`. */
  euReferenceNumber: string | null;
  subjectType: 'person' | 'enterprise' | 'other';
  regulations: ListedRegulation[];
  aliases: ListedAlias[];
  birthDates: ListedBirthDate[];
  citizenships: string[];
  identifications: Array<{ type: string; number: string; country: string | null }>;
  addresses: Array<{ street: string | null; city: string | null; country: string | null }>;
  remark: string | null;
}

export interface ListedRegulation {
  /** e.g. `TERR`, `RUS`. */
  programme: string | null;
  /** e.g. `2580/2001 (OJ L 344)`. */
  numberTitle: string | null;
  publicationDate: string | null;
  publicationUrl: string | null;
}

export interface ListedAlias {
  wholeName: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  /** `strong="false"`: a weak alias (a nickname, a partial name), which scores lower. */
  strong: boolean;
  /** `nameLanguage` (e.g. `RU`, `AR`), when the list gives it. */
  language: string | null;
}

/** A full date, or a year only (`month` and `day` null), or a year and a month. */
export interface ListedBirthDate {
  year: number;
  month: number | null;
  day: number | null;
  /** `circa="true"`: approximately that year. */
  circa: boolean;
}
