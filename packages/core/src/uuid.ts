const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a text is a UUID (8-4-4-4-12 hexadecimal digits, any case): an id given by a caller that
 * is not one reaches no query, and is answered like an unknown id.
 */
export const isUuid = (text: string): boolean => UUID.test(text);
