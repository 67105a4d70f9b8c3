import { z } from 'zod';
import { IsoDateTime } from './common.ts';

/** Largest sanctions list file the bank takes (the full EU list weighs some tens of megabytes). */
export const MAX_SANCTIONS_LIST_BYTES = 100 * 1024 * 1024;

/** How a version of the list came in: a back-office upload, the command, the daily fetch, the sandbox seed. */
export const SanctionsListSource = z.enum(['upload', 'command', 'scheduled_fetch', 'sandbox']);
export type SanctionsListSource = z.infer<typeof SanctionsListSource>;

/** One version of the EU consolidated financial sanctions list, as loaded. */
export const SanctionsListVersion = z
  .object({
    id: z.string(),
    number: z.number().int().meta({ description: 'Version number, 1 for the first list loaded' }),
    contentSha256: z.string().meta({ description: 'SHA-256 of the file as loaded (hex)' }),
    generatedAt: IsoDateTime.nullable().meta({
      description: 'The file’s own generationDate, when it gives one',
    }),
    source: SanctionsListSource,
    loadedBy: z
      .string()
      .meta({ description: 'Who or what loaded it: an operator’s address, the command, the URL' }),
    loadedByOperatorId: z.string().nullable(),
    entryCount: z.number().int(),
    added: z.number().int().meta({ description: 'Entities new since the previous version' }),
    removed: z.number().int().meta({ description: 'Entities gone since the previous version' }),
    changed: z
      .number()
      .int()
      .meta({ description: 'Entities whose content changed since the previous version' }),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'SanctionsListVersion' });
export type SanctionsListVersion = z.infer<typeof SanctionsListVersion>;

/**
 * `POST /api/backoffice/sanctions/lists`: the version made (201), or the version in force when the
 * file is the same as it (200, `unchanged: true`, nothing written).
 */
export const SanctionsListImport = z
  .object({ version: SanctionsListVersion, unchanged: z.boolean() })
  .meta({ id: 'SanctionsListImport' });
export type SanctionsListImport = z.infer<typeof SanctionsListImport>;

/** `GET /api/backoffice/sanctions/lists`: every version, newest first (the first is in force). */
export const SanctionsListVersionList = z.object({ items: z.array(SanctionsListVersion) });
export type SanctionsListVersionList = z.infer<typeof SanctionsListVersionList>;

/** Why a sanctions list file was refused whole (`sanctions_list_invalid`, 422): nothing changed. */
export type SanctionsListProblem =
  | { problem: 'empty' }
  | { problem: 'not_utf8' }
  | { problem: 'doctype' }
  | { problem: 'malformed'; line: number }
  | { problem: 'not_eu_list' }
  | { problem: 'no_entity' }
  | { problem: 'no_logical_id'; position: number }
  | { problem: 'no_name'; logicalId: number }
  | { problem: 'duplicate_id'; logicalId: number };

/** The French words of each refusal (the error catalogue's detail of `sanctions_list_invalid`). */
export function sanctionsListProblemText(p: SanctionsListProblem): string {
  switch (p.problem) {
    case 'empty':
      return 'Le fichier est vide.';
    case 'not_utf8':
      return 'Le fichier n’est pas un texte UTF-8 valide (fichier tronqué ou mauvais encodage).';
    case 'doctype':
      return 'Le fichier contient une déclaration DOCTYPE, ce que la liste de l’UE n’a jamais.';
    case 'malformed':
      return `Fichier XML incomplet ou mal formé (ligne ${p.line}).`;
    case 'not_eu_list':
      return 'Ce fichier n’est pas la liste consolidée de l’UE (élément racine « export » de l’espace de noms http://eu.europa.ec/fpi/fsd/export attendu).';
    case 'no_entity':
      return 'La liste ne contient aucune entité (sanctionEntity).';
    case 'no_logical_id':
      return `L’entité n° ${p.position} du fichier n’a pas d’identifiant (logicalId).`;
    case 'no_name':
      return `L’entité ${p.logicalId} n’a aucun nom (nameAlias).`;
    case 'duplicate_id':
      return `L’identifiant ${p.logicalId} (logicalId) apparaît deux fois dans le fichier.`;
  }
}
