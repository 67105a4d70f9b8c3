// The public face of modules/psd2 (docs/psd2.md): what the server's wiring and the tests use.
export { CLIENT_CERTIFICATE_HEADER, type CertificateSource } from './tpp-caller.ts';
export { listenerCertificate, trustedAuthorities, sandboxCertificateAuthority } from './sandbox-authority.ts';
export { PSD2_BASE } from './links.ts';
export { purgeAccessCounts } from './access-count-purge-service.ts';
export { announceDecoupledAuthorisations } from './decoupled-announce-service.ts';
