// The public face of modules/institution: what other modules and the application's wiring may use.
export { publicProfile } from './public-profile.ts';
