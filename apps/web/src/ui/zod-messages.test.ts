import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frenchIssues } from './zod-messages.ts';

const schema = z.object({
  name: z.string().min(1),
  email: z.string().email('Veuillez entrer une adresse email valide.'),
});

const messages = (value: unknown) =>
  schema
    .safeParse(value, frenchIssues('Veuillez remplir tous les champs'))
    .error?.issues.map((i) => i.message);

describe('frenchIssues', () => {
  it('turns zod’s generic English issues into the one French message', () => {
    expect(messages({ name: '', email: 'a@b.fr' })).toEqual(['Veuillez remplir tous les champs']);
    expect(messages({})).toEqual(['Veuillez remplir tous les champs', 'Veuillez remplir tous les champs']);
  });

  it('lets a message written in the schema win', () => {
    expect(messages({ name: 'Élise', email: 'pas-une-adresse' })).toEqual([
      'Veuillez entrer une adresse email valide.',
    ]);
  });
});
