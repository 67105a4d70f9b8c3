/** The banner of every document a sandbox institution issues (RIB, statements, certificates). */
export const SANDBOX_NOTICE = 'Banque fictive de démonstration — aucun service bancaire réel.';
