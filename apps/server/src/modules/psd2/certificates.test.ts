import { describe, expect, it } from 'vitest';
import { createCertificateAuthority, identifyTpp, issueTppCertificate } from './certificates.ts';

const NOW = new Date('2026-11-30T10:00:00Z');
const DAY_MS = 86_400_000;

describe('TPP certificates', async () => {
  const ca = await createCertificateAuthority('Comptoir PSD2 test CA', NOW);
  const stranger = await createCertificateAuthority('Some other CA', NOW);
  const tpp = {
    organisationId: 'PSDFR-ACPR-12345',
    name: 'Budget, "Malin" & Co',
    roles: ['PSP_AI' as const],
  };

  it('names the organisation, its roles and the authority, from a trusted authority', async () => {
    const { certificate } = await issueTppCertificate(ca, tpp, NOW);
    const result = await identifyTpp(certificate, [stranger.certificate, ca.certificate], NOW);
    expect(result).toMatchObject({
      identity: {
        organisationId: 'PSDFR-ACPR-12345',
        name: 'Budget, "Malin" & Co',
        roles: ['PSP_AI'],
        authorityId: 'FR-ACPR',
      },
    });
    if ('identity' in result) expect(result.identity.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a certificate from an unknown authority, even one that copies the trusted name', async () => {
    const impostor = await createCertificateAuthority('Comptoir PSD2 test CA', NOW);
    const { certificate } = await issueTppCertificate(impostor, tpp, NOW);
    expect(await identifyTpp(certificate, [ca.certificate], NOW)).toEqual({ refusal: 'CERTIFICATE_INVALID' });
  });

  it('refuses an expired certificate, and one not valid yet, by the application clock', async () => {
    const { certificate } = await issueTppCertificate(
      ca,
      {
        ...tpp,
        notBefore: new Date(NOW.getTime() - 400 * DAY_MS),
        notAfter: new Date(NOW.getTime() - DAY_MS),
      },
      NOW,
    );
    expect(await identifyTpp(certificate, [ca.certificate], NOW)).toEqual({ refusal: 'CERTIFICATE_EXPIRED' });
    const fresh = await issueTppCertificate(ca, tpp, NOW);
    expect(
      await identifyTpp(fresh.certificate, [ca.certificate], new Date(NOW.getTime() - 2 * DAY_MS)),
    ).toEqual({
      refusal: 'CERTIFICATE_EXPIRED',
    });
  });

  it('refuses garbage and a certificate without the PSD2 statement', async () => {
    expect(await identifyTpp('not a certificate', [ca.certificate], NOW)).toEqual({
      refusal: 'CERTIFICATE_INVALID',
    });
    expect(await identifyTpp(ca.certificate, [ca.certificate], NOW)).toEqual({
      refusal: 'CERTIFICATE_INVALID',
    });
  });
});
