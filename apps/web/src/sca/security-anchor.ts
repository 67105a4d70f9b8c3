/** The security section of /profil: its anchor, and the path that lands on it. */
export const SECURITY_SECTION_ID = 'securite';
export const SECURITY_SECTION_PATH = `/profil#${SECURITY_SECTION_ID}`;
