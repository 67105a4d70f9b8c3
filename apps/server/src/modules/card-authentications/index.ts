// The public face of modules/card-authentications (3-D Secure on the issuer's side): what other
// modules and the application's wiring may use.
export { AUTHENTICATION_VALUE_VALIDITY_MINUTES } from './authentication-value.ts';
export { expireCardAuthentications } from './expire-service.ts';
export { authenticationValues } from './authentication-value.ts';
