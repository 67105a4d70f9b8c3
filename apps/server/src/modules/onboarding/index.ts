// The public face of modules/onboarding: what other modules and the application's wiring may use.
export { cleanDocument, fileTooLarge } from './document-file.ts';
export { dropDocuments } from './document-queries.ts';
export { deleteStoredFiles, flushStorageDeletions } from './file-deletions.ts';
export { purgeAbandonedApplications } from './retention-service.ts';
export { onboardingRoutes } from './routes.ts';
