/** Password rule shared by every form and by the server. Returns a French reason, or null when acceptable. */
const COMMON = new Set([
  'motdepasse123',
  'azertyuiop12',
  'azertyuiop123',
  'password1234',
  '123456789012',
  'qwertyuiop12',
  'motdepasse1234',
  'bonjour12345',
  'soleil123456',
  'comptoir1234',
  'password12345',
  'azerty123456',
]);

export const PASSWORD_MIN_LENGTH = 12;

/**
 * Whose words `context` holds: the person typing (« votre nom ») or an operator an admin creates,
 * whose password must not carry the operator's name or the e-mail's local part.
 */
export type PasswordOwner = 'self' | 'operator';

const PERSONAL_WORDS: Record<PasswordOwner, string> = {
  self: 'Le mot de passe ne doit pas contenir votre nom ou votre adresse e-mail.',
  operator:
    'Le mot de passe ne doit pas contenir le nom de l’opérateur ni le début de son adresse e-mail (avant « @ »).',
};

export function passwordWeakness(
  password: string,
  context: readonly string[] = [],
  owner: PasswordOwner = 'self',
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  }
  if (password.length > 256) return 'Le mot de passe est trop long (256 caractères au maximum).';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'Ce mot de passe est trop courant.';
  if (new Set(password).size < 5) return 'Le mot de passe répète trop peu de caractères différents.';
  if (/^(.)\1+$/.test(password) || /^(0123456789|1234567890|abcdefghij)/i.test(password)) {
    return 'Le mot de passe est une suite trop simple.';
  }
  for (const word of context) {
    const w = word.trim().toLowerCase();
    if (w.length >= 4 && lower.includes(w)) {
      return PERSONAL_WORDS[owner];
    }
  }
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  if (classes < 2 && password.length < 16) {
    return 'Mélangez lettres, chiffres ou symboles, ou choisissez une phrase d’au moins 16 caractères.';
  }
  return null;
}
