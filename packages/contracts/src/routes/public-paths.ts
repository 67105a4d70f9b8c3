/**
 * Paths the public site calls without the rest of the contracts (its bundle carries no zod): the
 * route table declares its routes with them.
 */
export const CONTACT_PATH = '/api/contact';
