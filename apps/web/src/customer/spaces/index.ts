// « Accueil »'s Espaces section. The Espace's own page is a chunk of its own, imported by
// customer/index.ts from SpacePage.tsx: re-exporting it here would load it with « Accueil ».
export { SpacesSection } from './SpacesSection.tsx';
