// The public face of modules/onboarding: what other modules and the application's wiring may use.
export { eraseApplicationDocuments } from './erase-documents-service.ts';
export { purgeAbandonedApplications } from './retention-service.ts';
