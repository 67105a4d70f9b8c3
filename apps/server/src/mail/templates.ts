import type { Config } from '../config.ts';
import type { MailMessage } from './mail-message.ts';

/**
 * French e-mail templates (docs/product/emails.md), each a typed function returning a `MailMessage` (plain text +
 * HTML) ready for `ctx.outbox.enqueue`. Every value is HTML-escaped; links must be http(s).
 * No template ever asks for a password, a code or a payment.
 */

/** Who sends the mail; built from the configuration with `mailBrand(ctx.config)`. */
export interface MailBrand {
  name: string;
  legalName: string;
  publicUrl: string;
  supportEmail: string;
  sandbox: boolean;
}

export const mailBrand = (config: Config): MailBrand => ({
  name: config.institution.name,
  legalName: config.institution.legalName,
  publicUrl: config.publicUrl.replace(/\/+$/, ''),
  supportEmail: config.institution.emails.support,
  sandbox: config.sandbox,
});

export const SANDBOX_BANNER = 'Banque fictive de démonstration — aucun service bancaire réel.';

/** The template names stored in `mail_outbox.template`. */
export type TemplateName =
  | 'password_reset'
  | 'password_changed'
  | 'email_change_confirmation'
  | 'email_change_notice'
  | 'email_changed'
  | 'already_registered'
  | 'email_verification'
  | 'application_approved'
  | 'application_corrections'
  | 'application_rejected'
  | 'document_requested'
  | 'document_accepted'
  | 'customer_closed'
  | 'identity_change_decided'
  | 'direct_debit_claim_decided'
  | 'new_secure_message'
  | 'contact_acknowledgement'
  | 'transfer_skipped'
  | 'credit_notice'
  | 'card_payment_notice'
  | 'operator_invitation'
  | 'operator_totp_reset';

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'quote'; text: string };

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function safeUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error('mail links must be http(s) URLs');
  return url;
}

const greeting = (firstName: string | null | undefined): string =>
  firstName?.trim() ? `Bonjour ${firstName.trim()},` : 'Bonjour,';

function compose(
  brand: MailBrand,
  m: { to: string; template: TemplateName; subject: string; greeting: string; blocks: readonly Block[] },
): MailMessage {
  const footer = [
    `${brand.name} ne vous demandera jamais votre mot de passe, un code reçu par SMS ou un paiement par e-mail.`,
    `Une question ? Écrivez à ${brand.supportEmail}.`,
    brand.legalName,
  ];
  const textParts: string[] = [];
  if (brand.sandbox) textParts.push(`[${SANDBOX_BANNER}]`, '');
  textParts.push(m.greeting, '');
  for (const b of m.blocks) {
    if (b.kind === 'p') textParts.push(b.text, '');
    else if (b.kind === 'button') textParts.push(`${b.label} :`, safeUrl(b.url), '');
    else if (b.kind === 'list') textParts.push(...b.items.map((i) => `- ${i}`), '');
    else textParts.push(...b.text.split('\n').map((l) => `> ${l}`), '');
  }
  textParts.push(`L’équipe ${brand.name}`, '', '--', ...footer);
  const text = `${textParts.join('\n')}\n`;

  const p = (s: string) => `<p style="margin:0 0 16px 0">${escapeHtml(s)}</p>`;
  const html: string[] = [
    '<!doctype html>',
    '<html lang="fr"><head><meta charset="utf-8">',
    `<title>${escapeHtml(m.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d2433">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
  ];
  if (brand.sandbox) {
    html.push(
      `<p style="margin:0 0 16px 0;padding:8px 12px;background:#fff4ce;border:1px solid #e0c36b;font-size:13px">${escapeHtml(SANDBOX_BANNER)}</p>`,
    );
  }
  html.push(
    '<div style="background:#ffffff;border-radius:8px;padding:24px;line-height:1.5;font-size:15px">',
    `<p style="margin:0 0 16px 0;font-size:18px;font-weight:bold">${escapeHtml(brand.name)}</p>`,
    p(m.greeting),
  );
  for (const b of m.blocks) {
    if (b.kind === 'p') html.push(p(b.text));
    else if (b.kind === 'button') {
      const href = escapeHtml(safeUrl(b.url));
      html.push(
        `<p style="margin:0 0 16px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#1f4fd1;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(b.label)}</a></p>`,
        `<p style="margin:0 0 16px 0;font-size:12px;color:#5b6475">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${href}" style="color:#1f4fd1;word-break:break-all">${href}</a></p>`,
      );
    } else if (b.kind === 'list') {
      html.push(
        `<ul style="margin:0 0 16px 0;padding-left:20px">${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
      );
    } else {
      html.push(
        `<blockquote style="margin:0 0 16px 0;padding:8px 12px;border-left:3px solid #c9cfdb;color:#3a4254">${escapeHtml(b.text).replaceAll('\n', '<br>')}</blockquote>`,
      );
    }
  }
  html.push(
    p(`L’équipe ${brand.name}`),
    '</div>',
    `<p style="margin:16px 0 0 0;font-size:12px;color:#5b6475">${footer.map(escapeHtml).join('<br>')}</p>`,
    '</div></body></html>',
  );
  return { to: m.to, template: m.template, subject: m.subject, text, html: html.join('\n') };
}

export interface Recipient {
  to: string;
  firstName?: string | null;
}

/** Password reset link (single use, 1 h). */
export function passwordResetMail(
  brand: MailBrand,
  r: Recipient & { link: string; validMinutes: number },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'password_reset',
    subject: `Réinitialisation de votre mot de passe ${brand.name}`,
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: `Vous avez demandé à réinitialiser le mot de passe de votre espace ${brand.name}.` },
      { kind: 'button', label: 'Choisir un nouveau mot de passe', url: r.link },
      {
        kind: 'p',
        text: `Ce lien est valable ${durationFr(r.validMinutes)} et ne peut servir qu’une seule fois. Une fois le mot de passe changé, toutes vos sessions ouvertes seront déconnectées.`,
      },
      {
        kind: 'p',
        text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
      },
    ],
  });
}

/**
 * Invites a new operator of the back office (single use, `validHours`): the link lets them choose
 * their own password and enrol their own authenticator app.
 */
export function operatorInvitationMail(
  brand: MailBrand,
  r: Recipient & { link: string; validHours: number; roleLabel: string },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'operator_invitation',
    subject: `Invitation à l’espace d’administration ${brand.name}`,
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Un administrateur vous a invité à rejoindre l’espace d’administration de ${brand.name} avec le rôle « ${r.roleLabel} ».`,
      },
      {
        kind: 'p',
        text: 'Ouvrez ce lien pour choisir votre mot de passe et enregistrer le code de connexion dans votre application d’authentification. Vous seul les connaîtrez.',
      },
      { kind: 'button', label: 'Terminer mon inscription', url: r.link },
      {
        kind: 'p',
        text: `Ce lien est valable ${r.validHours} heures et ne peut servir qu’une seule fois. S’il a expiré, demandez à un administrateur de vous renvoyer l’invitation.`,
      },
      { kind: 'p', text: 'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.' },
    ],
  });
}

/**
 * After an admin reset an operator's TOTP: the old app no longer works; the link (single use,
 * `validHours`) enrols a new one once the operator has typed their own password.
 */
export function operatorTotpResetMail(
  brand: MailBrand,
  r: Recipient & { link: string; validHours: number },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'operator_totp_reset',
    subject: 'Enregistrez votre nouvelle application d’authentification',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Un administrateur a réinitialisé votre second facteur pour l’espace d’administration de ${brand.name} : votre ancienne application d’authentification ne permet plus de vous connecter.`,
      },
      {
        kind: 'p',
        text: 'Ouvrez ce lien, saisissez votre mot de passe actuel, puis enregistrez le nouveau code dans votre application.',
      },
      { kind: 'button', label: 'Enregistrer ma nouvelle application', url: r.link },
      {
        kind: 'p',
        text: `Ce lien est valable ${r.validHours} heures et ne peut servir qu’une seule fois.`,
      },
      {
        kind: 'p',
        text: `Si vous n’avez pas demandé cette réinitialisation, prévenez sans attendre un administrateur ou écrivez à ${brand.supportEmail}.`,
      },
    ],
  });
}

/** Tells the customer their password was changed (reset or profile). */
export function passwordChangedMail(brand: MailBrand, r: Recipient): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'password_changed',
    subject: 'Votre mot de passe a été modifié',
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: `Le mot de passe de votre espace ${brand.name} vient d’être modifié.` },
      {
        kind: 'p',
        text: `Si vous n’êtes pas à l’origine de ce changement, réinitialisez immédiatement votre mot de passe et contactez-nous à ${brand.supportEmail}.`,
      },
      { kind: 'button', label: 'Réinitialiser mon mot de passe', url: `${brand.publicUrl}/recover-password` },
    ],
  });
}

/** Sent to the NEW address: confirms it belongs to the customer (single use, 24 h). */
export function emailChangeConfirmationMail(
  brand: MailBrand,
  r: Recipient & { link: string; validHours: number },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'email_change_confirmation',
    subject: 'Confirmez votre nouvelle adresse e-mail',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Vous avez demandé à utiliser cette adresse pour votre espace ${brand.name}. Confirmez-la pour terminer le changement.`,
      },
      { kind: 'button', label: 'Confirmer ma nouvelle adresse', url: r.link },
      {
        kind: 'p',
        text: `Ce lien est valable ${r.validHours} heures et ne peut servir qu’une seule fois. Votre ancienne adresse reste utilisée tant que la nouvelle n’est pas confirmée.`,
      },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.' },
    ],
  });
}

/** Sent to the OLD address when a change of address is requested. */
export function emailChangeNoticeMail(brand: MailBrand, r: Recipient & { newEmail: string }): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'email_change_notice',
    subject: 'Demande de changement de votre adresse e-mail',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Une demande de changement de l’adresse e-mail de votre espace ${brand.name} vers ${r.newEmail} vient d’être faite. Un lien de confirmation a été envoyé à cette nouvelle adresse ; tant qu’il n’est pas utilisé, votre adresse actuelle reste en place.`,
      },
      {
        kind: 'p',
        text: `Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe sans attendre et contactez-nous à ${brand.supportEmail}.`,
      },
      { kind: 'button', label: 'Réinitialiser mon mot de passe', url: `${brand.publicUrl}/recover-password` },
    ],
  });
}

/**
 * Sent to the OLD address once a change of address is confirmed: the new one is only hinted at
 * (« n•••@exemple.fr »), so this mail tells an intruder nothing if the old mailbox is not the
 * customer's any more.
 */
export function emailChangedMail(brand: MailBrand, r: Recipient & { newEmailMasked: string }): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'email_changed',
    subject: 'Votre adresse e-mail a été modifiée',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `L’adresse e-mail de votre espace ${brand.name} a été remplacée par ${r.newEmailMasked}. Nos messages et les liens de réinitialisation du mot de passe n’arriveront plus à cette adresse-ci.`,
      },
      {
        kind: 'p',
        text: `Si ce n’était pas vous, contactez-nous sans attendre à ${brand.supportEmail} : nous vous aiderons à reprendre la main sur votre espace.`,
      },
    ],
  });
}

/** Sent when someone signs up (or asks to move an account) to an address that already has an account. */
export function alreadyRegisteredMail(brand: MailBrand, r: Recipient): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'already_registered',
    subject: `Cette adresse est déjà associée à un compte ${brand.name}`,
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Quelqu’un, peut-être vous, a essayé d’utiliser cette adresse e-mail pour un espace ${brand.name}. Elle est déjà associée à un compte : aucun autre compte ne peut l’utiliser.`,
      },
      { kind: 'button', label: 'Me connecter', url: `${brand.publicUrl}/connexion` },
      { kind: 'p', text: 'Mot de passe oublié ? Vous pouvez le réinitialiser ici :' },
      { kind: 'button', label: 'Réinitialiser mon mot de passe', url: `${brand.publicUrl}/recover-password` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette démarche, ignorez ce message.' },
    ],
  });
}

/** Sign-up: confirms the applicant owns the address. */
export function emailVerificationMail(
  brand: MailBrand,
  r: Recipient & { link: string; validHours: number },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'email_verification',
    subject: 'Confirmez votre adresse e-mail',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Merci d’avoir commencé l’ouverture de votre compte ${brand.name}. Confirmez votre adresse e-mail pour continuer.`,
      },
      { kind: 'button', label: 'Confirmer mon adresse e-mail', url: r.link },
      {
        kind: 'p',
        text: `Ce lien est valable ${r.validHours} heures. Si vous n’avez rien demandé, ignorez ce message.`,
      },
    ],
  });
}

/** Application approved: the account is open. */
export function applicationApprovedMail(brand: MailBrand, r: Recipient): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'application_approved',
    subject: 'Votre compte est ouvert',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Bonne nouvelle : votre demande a été acceptée et votre compte ${brand.name} est ouvert. Votre IBAN et votre RIB sont disponibles dans votre espace.`,
      },
      { kind: 'button', label: 'Accéder à mon espace', url: `${brand.publicUrl}/connexion` },
      {
        kind: 'p',
        text: 'Votre argent est disponible dès réception : aucun frais, dépôt ou paiement ne vous sera jamais demandé pour activer votre compte ou débloquer vos fonds.',
      },
    ],
  });
}

/** Application needs corrections; lists the operator's reasons. */
export function applicationCorrectionsMail(
  brand: MailBrand,
  r: Recipient & { reasons: readonly string[] },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'application_corrections',
    subject: 'Votre demande d’ouverture de compte : des corrections sont nécessaires',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: 'Nous avons examiné votre demande. Quelques éléments doivent être corrigés ou complétés :',
      },
      { kind: 'list', items: r.reasons },
      { kind: 'button', label: 'Compléter ma demande', url: `${brand.publicUrl}/connexion` },
      { kind: 'p', text: 'Nous reprendrons l’examen dès réception de vos corrections.' },
    ],
  });
}

/** Application rejected, with the reason. */
export function applicationRejectedMail(brand: MailBrand, r: Recipient & { reason: string }): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'application_rejected',
    subject: 'Votre demande d’ouverture de compte',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Après examen, nous ne pouvons pas donner une suite favorable à votre demande d’ouverture de compte ${brand.name}.`,
      },
      { kind: 'quote', text: r.reason },
      {
        kind: 'p',
        text: `Vos documents d’identité seront supprimés conformément à notre politique de confidentialité. Pour toute question, écrivez à ${brand.supportEmail}.`,
      },
    ],
  });
}

/** A document (origin of funds, complementary document) is requested by an operator. */
export function documentRequestedMail(
  brand: MailBrand,
  r: Recipient & { documentLabel: string; reason: string },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'document_requested',
    subject: `Un document vous est demandé : ${r.documentLabel}`,
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: `Nous avons besoin du document suivant : ${r.documentLabel}.` },
      { kind: 'quote', text: r.reason },
      { kind: 'p', text: 'Vous pouvez le déposer depuis votre espace, à la prochaine connexion.' },
      { kind: 'button', label: 'Me connecter', url: `${brand.publicUrl}/connexion` },
      {
        kind: 'p',
        text: 'Cette demande ne comporte jamais de paiement : aucune somme ne vous sera demandée pour la traiter.',
      },
    ],
  });
}

/**
 * The bank decided on the customer's identity change request. The mail says only the outcome (and a
 * refusal's reason, written for the customer): never the identity values themselves.
 */
/** The document sent for a request was accepted (a blocking request's hold is lifted with it). */
export function documentAcceptedMail(
  brand: MailBrand,
  r: Recipient & { documentLabel: string; blocking: boolean },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'document_accepted',
    subject: `Votre document est accepté : ${r.documentLabel}`,
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: `Nous avons examiné et accepté le document envoyé : ${r.documentLabel}.` },
      {
        kind: 'p',
        text: r.blocking
          ? 'Vos virements et paiements par carte sont de nouveau possibles.'
          : 'Vous n’avez rien d’autre à faire.',
      },
      { kind: 'button', label: 'Me connecter', url: `${brand.publicUrl}/connexion` },
    ],
  });
}

/** The bank closed the customer's account: what that means, and whom to ask. */
export function customerClosedMail(brand: MailBrand, r: Recipient): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'customer_closed',
    subject: `Votre compte ${brand.name} est clôturé`,
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: `Votre compte ${brand.name} a été clôturé.` },
      {
        kind: 'p',
        text: 'Vos cartes sont annulées, vos virements programmés ne partiront pas et vous ne pouvez plus vous connecter à votre espace. Votre compte ne reçoit plus d’argent.',
      },
      {
        kind: 'p',
        text: `Pour toute question, ou pour obtenir une copie de vos relevés, écrivez à ${brand.supportEmail}.`,
      },
    ],
  });
}

export function identityChangeDecidedMail(
  brand: MailBrand,
  r: Recipient & { accepted: boolean; reason: string | null },
): MailMessage {
  const blocks: Block[] = r.accepted
    ? [
        { kind: 'p', text: 'Votre demande de modification d’identité a été acceptée.' },
        {
          kind: 'p',
          text: 'Vos nouvelles informations figurent désormais sur votre profil, votre RIB et vos attestations.',
        },
      ]
    : [
        { kind: 'p', text: 'Votre demande de modification d’identité a été refusée pour le motif suivant :' },
        { kind: 'quote', text: r.reason ?? '' },
        { kind: 'p', text: 'Vous pouvez faire une nouvelle demande depuis votre profil.' },
      ];
  return compose(brand, {
    to: r.to,
    template: 'identity_change_decided',
    subject: r.accepted
      ? 'Votre demande de modification d’identité est acceptée'
      : 'Votre demande de modification d’identité est refusée',
    greeting: greeting(r.firstName),
    blocks: [...blocks, { kind: 'button', label: 'Me connecter', url: `${brand.publicUrl}/connexion` }],
  });
}

/**
 * Compliance decided the customer's claim on a direct debit: accepted (the amount is credited back,
 * dated on the day it was debited) or rejected, with the operator's note. Neither amount nor
 * creditor is named (a mail can be read by someone else): the customer area shows them.
 */
export function directDebitClaimDecidedMail(
  brand: MailBrand,
  r: Recipient & { accepted: boolean; note: string },
): MailMessage {
  const blocks: Block[] = r.accepted
    ? [
        { kind: 'p', text: 'Votre contestation d’un prélèvement a été acceptée.' },
        {
          kind: 'p',
          text: 'Son montant est recrédité sur votre compte, en valeur du jour où il avait été débité.',
        },
        { kind: 'quote', text: r.note },
      ]
    : [
        { kind: 'p', text: 'Votre contestation d’un prélèvement a été refusée pour le motif suivant :' },
        { kind: 'quote', text: r.note },
      ];
  return compose(brand, {
    to: r.to,
    template: 'direct_debit_claim_decided',
    subject: r.accepted
      ? 'Votre contestation de prélèvement est acceptée'
      : 'Votre contestation de prélèvement est refusée',
    greeting: greeting(r.firstName),
    blocks: [...blocks, { kind: 'button', label: 'Me connecter', url: `${brand.publicUrl}/connexion` }],
  });
}

/**
 * A new secure message waits in the customer area. The mail says only that: never the content, nor
 * who wrote it (a mail can be read by someone else).
 */
export function newSecureMessageMail(brand: MailBrand, r: Recipient): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'new_secure_message',
    subject: 'Vous avez un nouveau message',
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: 'Vous avez un nouveau message.' },
      {
        kind: 'p',
        text: `Pour votre sécurité, il se lit uniquement dans votre espace ${brand.name}, rubrique Profil.`,
      },
      { kind: 'button', label: 'Ouvrir mon espace', url: `${brand.publicUrl}/connexion` },
    ],
  });
}

/**
 * A monthly transfer's occurrence met insufficient funds on its day and was skipped (not retried);
 * the next one is still planned when there is one.
 */
export function transferSkippedMail(
  brand: MailBrand,
  r: Recipient & { amount: string; payeeName: string; date: string; nextDate: string | null },
): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'transfer_skipped',
    subject: 'Un virement programmé n’a pas pu être effectué',
    greeting: greeting(r.firstName),
    blocks: [
      {
        kind: 'p',
        text: `Votre virement programmé de ${r.amount} à ${r.payeeName} prévu le ${r.date} n’a pas été effectué : le solde disponible de votre compte était insuffisant. Il ne sera pas retenté.`,
      },
      {
        kind: 'p',
        text: r.nextDate
          ? `Le prochain virement de cette série reste prévu le ${r.nextDate}.`
          : 'Cette série de virements est terminée.',
      },
      { kind: 'button', label: 'Voir mes virements', url: `${brand.publicUrl}/virementshome` },
    ],
  });
}

const moment = (at: Date): string =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Luxembourg',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);

const preferenceNote = (brand: MailBrand): Block => ({
  kind: 'p',
  text: `Vous recevez cet e-mail parce que vous l’avez demandé. Vous pouvez l’arrêter à tout moment dans votre espace ${brand.name}, rubrique Profil › Notifications.`,
});

/**
 * The customer asked for an e-mail at each credit (Profil › Notifications). It says only that the
 * account was credited and when: no amount, no payer — the details are in the app.
 */
export function creditNoticeMail(brand: MailBrand, r: Recipient & { at: Date }): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'credit_notice',
    subject: 'Votre compte a été crédité',
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: `Votre compte a reçu un crédit le ${moment(r.at)}.` },
      { kind: 'p', text: `Le détail de l’opération se trouve dans votre espace ${brand.name}.` },
      { kind: 'button', label: 'Ouvrir mon espace', url: `${brand.publicUrl}/connexion` },
      preferenceNote(brand),
    ],
  });
}

/**
 * The customer asked for an e-mail at each card payment (Profil › Notifications). It says only that
 * a payment was accepted and when: no amount, no merchant, no card digits — the details are in the app.
 */
export function cardPaymentNoticeMail(brand: MailBrand, r: Recipient & { at: Date }): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'card_payment_notice',
    subject: 'Un paiement par carte a été accepté',
    greeting: greeting(r.firstName),
    blocks: [
      { kind: 'p', text: `Un paiement avec votre carte a été accepté le ${moment(r.at)}.` },
      {
        kind: 'p',
        text: `Si vous ne le reconnaissez pas, verrouillez votre carte dans votre espace ${brand.name}, rubrique Carte, puis écrivez à votre conseiller.`,
      },
      { kind: 'button', label: 'Ouvrir mon espace', url: `${brand.publicUrl}/connexion` },
      preferenceNote(brand),
    ],
  });
}

/**
 * Acknowledges a message sent through the public contact form. Anyone can type any address there,
 * so this mail repeats nothing the sender wrote (no name, no subject): it cannot carry spam.
 */
export function contactAcknowledgementMail(brand: MailBrand, r: { to: string }): MailMessage {
  return compose(brand, {
    to: r.to,
    template: 'contact_acknowledgement',
    subject: 'Nous avons bien reçu votre message',
    greeting: greeting(null),
    blocks: [
      {
        kind: 'p',
        text: `Nous avons bien reçu votre message adressé à ${brand.name} et nous vous répondrons dans les meilleurs délais.`,
      },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de ce message, vous pouvez ignorer cet e-mail.' },
    ],
  });
}

function durationFr(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 heure' : `${hours} heures`;
  }
  return `${minutes} minutes`;
}
