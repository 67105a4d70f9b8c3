import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import * as templates from './templates.ts';
import { escapeHtml, mailBrand, SANDBOX_BANNER, type MailBrand } from './templates.ts';
import type { MailMessage } from './mail-message.ts';

const brand: MailBrand = mailBrand(
  loadConfig({ SANDBOX: 'true', DATA_DIR: '/tmp/unused', PUBLIC_URL: 'https://banque.example/' }),
);
const EVIL = '<script>alert("x")</script> & Cie';
const to = 'client@exemple.test';
const link = 'https://banque.example/lien?token=abc&x=1';

const all: [string, MailMessage][] = [
  ['password_reset', templates.passwordResetMail(brand, { to, firstName: EVIL, link, validMinutes: 60 })],
  ['password_changed', templates.passwordChangedMail(brand, { to, firstName: EVIL })],
  [
    'email_change_confirmation',
    templates.emailChangeConfirmationMail(brand, { to, firstName: EVIL, link, validHours: 24 }),
  ],
  [
    'email_change_notice',
    templates.emailChangeNoticeMail(brand, { to, firstName: EVIL, newEmail: `${EVIL}@x.fr` }),
  ],
  [
    'email_changed',
    templates.emailChangedMail(brand, { to, firstName: EVIL, newEmailMasked: `${EVIL}•••@x.fr` }),
  ],
  ['already_registered', templates.alreadyRegisteredMail(brand, { to, firstName: EVIL })],
  [
    'email_verification',
    templates.emailVerificationMail(brand, { to, firstName: EVIL, link, validHours: 24 }),
  ],
  ['application_approved', templates.applicationApprovedMail(brand, { to, firstName: EVIL })],
  [
    'application_corrections',
    templates.applicationCorrectionsMail(brand, { to, firstName: EVIL, reasons: [EVIL, 'Selfie flou'] }),
  ],
  ['application_rejected', templates.applicationRejectedMail(brand, { to, firstName: EVIL, reason: EVIL })],
  [
    'document_requested',
    templates.documentRequestedMail(brand, {
      to,
      firstName: EVIL,
      documentLabel: 'Justificatif d’origine des fonds',
      reason: EVIL,
    }),
  ],
  [
    'document_accepted',
    templates.documentAcceptedMail(brand, {
      to,
      firstName: EVIL,
      documentLabel: 'Justificatif d’origine des fonds',
      blocking: true,
    }),
  ],
  ['customer_closed', templates.customerClosedMail(brand, { to, firstName: EVIL })],
  ['new_secure_message', templates.newSecureMessageMail(brand, { to, firstName: EVIL })],
  [
    'identity_change_decided',
    templates.identityChangeDecidedMail(brand, { to, firstName: EVIL, accepted: false, reason: EVIL }),
  ],
  [
    'direct_debit_claim_decided',
    templates.directDebitClaimDecidedMail(brand, { to, firstName: EVIL, accepted: true, note: EVIL }),
  ],
  [
    'operator_invitation',
    templates.operatorInvitationMail(brand, {
      to,
      firstName: EVIL,
      link,
      validHours: 72,
      roleLabel: 'Support',
    }),
  ],
  [
    'operator_totp_reset',
    templates.operatorTotpResetMail(brand, { to, firstName: EVIL, link, validHours: 72 }),
  ],
];

describe('mail templates', () => {
  it.each(all)('%s: French, plain text + HTML, values escaped in HTML', (name, m) => {
    expect(m.template).toBe(name);
    expect(m.to).toBe(to);
    expect(m.subject.length).toBeGreaterThan(5);
    expect(m.text).toContain('Bonjour <script>alert("x")</script> & Cie,');
    expect(m.text).toContain(`[${SANDBOX_BANNER}]`);
    expect(m.text).toMatch(/L’équipe Comptoir/);
    expect(m.html).toMatch(/^<!doctype html>/);
    expect(m.html).toContain('lang="fr"');
    expect(m.html).not.toContain('<script');
    expect(m.html).toContain('Bonjour &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cie,');
    expect(m.html).toContain(escapeHtml(SANDBOX_BANNER));
    // Links point at the configured public URL, never at a trailing-slash double.
    expect(m.text).not.toContain('example//');
  });

  it('puts the link in both parts (escaped as an HTML attribute)', () => {
    const m = templates.passwordResetMail(brand, { to, firstName: 'Léa', link, validMinutes: 60 });
    expect(m.text).toContain(`\n${link}\n`);
    expect(m.text).toContain('valable 1 heure');
    expect(m.html).toContain('href="https://banque.example/lien?token=abc&amp;x=1"');
  });

  it('greets without a name when there is none', () => {
    expect(templates.newSecureMessageMail(brand, { to }).text).toContain('\nBonjour,\n');
  });

  it('contact acknowledgement: repeats nothing the (unverified) sender typed', () => {
    const m = templates.contactAcknowledgementMail(brand, { to });
    expect(m.template).toBe('contact_acknowledgement');
    expect(m.subject).toBe('Nous avons bien reçu votre message');
    expect(m.text).toContain('\nBonjour,\n');
    expect(m.text).toContain('Nous avons bien reçu votre message adressé à Comptoir');
    expect(m.html).toContain('lang="fr"');
  });

  it('refuses a non-http link', () => {
    expect(() =>
      templates.passwordResetMail(brand, { to, link: 'javascript:alert(1)', validMinutes: 60 }),
    ).toThrow(/http/);
  });

  it('shows no sandbox banner for a real institution', () => {
    const m = templates.applicationApprovedMail({ ...brand, sandbox: false }, { to, firstName: 'Léa' });
    expect(m.text).not.toContain(SANDBOX_BANNER);
    expect(m.html).not.toContain('Banque fictive');
    expect(m.text).toMatch(/aucun frais, dépôt ou paiement ne vous sera jamais demandé/);
  });
});
