import { paths } from './paths.ts';

/** The query parameter of /connexion naming the page to come back to once signed in. */
const RETURN_PARAM = 'retour';

/**
 * The pages a signed-out visitor is sent to sign in from, then brought back to: only these, so that
 * a link to /connexion cannot send a customer anywhere else once signed in.
 */
const RETURNABLE: readonly RegExp[] = [/^\/psd2\/autorisation\/[A-Za-z0-9-]{1,64}$/];

const returnable = (path: string): boolean => RETURNABLE.some((pattern) => pattern.test(path));

/** `/connexion?retour=<path>` for a page that needs a session, or plain /connexion for another. */
export function signInPathFor(path: string): string {
  const canonical = path.toLowerCase().replace(/(.)\/+$/, '$1');
  return returnable(canonical)
    ? `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: canonical }).toString()}`
    : paths.login;
}

/** Where the sign-in leads (its `?retour=` when it is one of the returnable pages), else null. */
export function returnPathAfterSignIn(search: string): string | null {
  const path = new URLSearchParams(search).get(RETURN_PARAM);
  return path !== null && returnable(path) ? path : null;
}
