import { CARD_CHANNEL_LIST, type CardChannel } from '@comptoir/contracts';

/**
 * The `readme` section of « Télécharger mes données »: what the file is, and every field of every
 * section in French. The export test checks that each field the file carries is described here.
 */
export interface SectionReadme {
  description: string;
  fields: Record<string, string>;
}

/** Each card channel in this file's words: its name, and what its card's `<apiKey>Enabled` says. */
const CHANNELS: Record<CardChannel, { name: string; allowed: string }> = {
  online: { name: 'en ligne', allowed: 'Paiements en ligne autorisés.' },
  in_store: { name: 'en magasin', allowed: 'Paiements en magasin autorisés.' },
  atm: { name: 'distributeur', allowed: 'Retraits au distributeur autorisés.' },
  recurring: {
    name: 'paiement récurrent',
    allowed: 'Paiements récurrents (débités par un commerçant de lui-même) autorisés.',
  },
};

const AMOUNT = 'en centimes d’euro (nombre entier ; 1234 = 12,34 €)';
const WHEN = 'date et heure (ISO 8601, UTC)';

export const EXPORT_README = {
  about:
    'Copie des données que Comptoir détient sur vous (RGPD, articles 15 et 20) : celles que vous avez ' +
    'fournies et celles que votre utilisation a produites, dans un fichier JSON lisible par une machine. ' +
    'Aucune donnée d’un autre client, aucun secret : ni numéro complet ni cryptogramme de carte, ni mot ' +
    'de passe, ni secret d’application d’authentification, ni jeton de session. Les montants sont ' +
    `${AMOUNT}, les dates et heures ${WHEN}, les dates seules au format AAAA-MM-JJ. Les fichiers que ` +
    'vous avez envoyés (pièces d’identité, justificatifs) ne sont pas inclus : seules leurs ' +
    'caractéristiques le sont ; demandez-en une copie à votre conseiller. Un champ vide (null) est une ' +
    'information que nous n’avons pas.',
  generatedAt: `Moment où ce fichier a été produit, ${WHEN}.`,
  sections: {
    profile: {
      description: 'Votre identité, vos coordonnées et l’état de votre relation avec la banque.',
      fields: {
        customerNumber: 'Votre numéro client.',
        email: 'Votre adresse e-mail de connexion.',
        pendingEmail: 'Nouvelle adresse e-mail en attente de confirmation, le cas échéant.',
        emailVerifiedAt: `Confirmation de votre adresse e-mail, ${WHEN}.`,
        status: 'État de votre compte client (active = ouvert, closed = clôturé…).',
        accountType: 'Type de compte (particulier).',
        gender: 'Civilité déclarée.',
        firstName: 'Prénom.',
        lastName: 'Nom.',
        birthDate: 'Date de naissance (AAAA-MM-JJ).',
        phone: 'Numéro de téléphone.',
        address: 'Adresse postale.',
        postalCode: 'Code postal.',
        city: 'Ville.',
        residenceCountry: 'Pays de résidence (code ISO à deux lettres).',
        profession: 'Profession déclarée.',
        incomeRange: 'Tranche de revenus déclarée.',
        taxCountry: 'Pays de résidence fiscale (code ISO à deux lettres).',
        taxId:
          'Votre numéro d’identification fiscale, en clair : c’est votre propre donnée. Il est chiffré ' +
          'dans nos bases et masqué à l’écran ; conservez ce fichier en lieu sûr.',
        createdAt: `Création de votre espace client, ${WHEN}.`,
        updatedAt: `Dernière modification de ces informations, ${WHEN}.`,
        closedAt: `Clôture du compte, ${WHEN}, s’il est clôturé.`,
      },
    },
    accounts: {
      description: 'Vos comptes : le compte courant et vos Espaces (sous-comptes).',
      fields: {
        id: 'Identifiant interne du compte (repris par les opérations).',
        kind: 'customer_main = compte courant, customer_sub = Espace.',
        name: 'Nom du compte ou de l’Espace.',
        iban: 'IBAN du compte (les Espaces n’en ont pas).',
        currency: 'Devise.',
        status: 'État du compte (open = ouvert, closed = clôturé).',
        postedBalance: `Solde comptable au moment de l’export, ${AMOUNT}.`,
        pendingDebits: `Débits en cours (réservés, pas encore comptabilisés), ${AMOUNT}.`,
        overdraftLimit: `Découvert autorisé, ${AMOUNT}.`,
        createdAt: `Ouverture du compte, ${WHEN}.`,
        spaceGoal: `Objectif d’épargne de l’Espace, ${AMOUNT}, s’il y en a un.`,
      },
    },
    beneficiaries: {
      description: 'Les bénéficiaires que vous avez enregistrés.',
      fields: {
        id: 'Identifiant du bénéficiaire.',
        label: 'Libellé que vous lui avez donné.',
        name: 'Nom du titulaire du compte.',
        iban: 'IBAN du bénéficiaire.',
        bic: 'BIC de sa banque.',
        internal: 'true si le compte est chez Comptoir.',
        verification: 'Résultat de la vérification du bénéficiaire (nom et IBAN) à l’ajout.',
        createdAt: `Ajout, ${WHEN}.`,
      },
    },
    transfers: {
      description: 'Les virements que vous avez ordonnés (immédiats, ponctuels et permanents).',
      fields: {
        id: 'Identifiant du virement.',
        number: 'Numéro de l’opération, s’il a été exécuté.',
        fromIban: 'IBAN du compte débité.',
        beneficiaryId: 'Bénéficiaire enregistré utilisé, le cas échéant.',
        payeeName: 'Nom du bénéficiaire.',
        payeeIban: 'IBAN du bénéficiaire.',
        payeeBic: 'BIC du bénéficiaire.',
        internal: 'true si le bénéficiaire est chez Comptoir.',
        amount: `Montant, ${AMOUNT}.`,
        reference: 'Motif saisi.',
        type: 'instant = immédiat, scheduled = ponctuel ou permanent.',
        status: 'État du virement (exécuté, programmé, refusé, annulé…).',
        executionDate: 'Date d’exécution prévue (AAAA-MM-JJ).',
        repeat: 'Périodicité d’un virement permanent.',
        seriesId: 'Série d’un virement permanent.',
        occurrence: 'Rang dans la série.',
        reasonCode: 'Code du motif de refus ou de report.',
        reasonMessage: 'Motif de refus ou de report, en clair.',
        createdAt: `Ordre donné, ${WHEN}.`,
        updatedAt: `Dernier changement d’état, ${WHEN}.`,
        executedAt: `Exécution, ${WHEN}.`,
      },
    },
    cards: {
      description:
        'Vos cartes, désignées par leurs quatre derniers chiffres : le numéro complet et le ' +
        'cryptogramme ne figurent jamais dans ce fichier.',
      fields: {
        id: 'Identifiant de la carte.',
        last4: 'Quatre derniers chiffres du numéro.',
        status: 'État (active, cancelled = opposée, expired = expirée).',
        locked: 'true si vous l’avez verrouillée.',
        holderFirstName: 'Prénom imprimé.',
        holderLastName: 'Nom imprimé.',
        validFrom: 'Début de validité (AAAA-MM).',
        expiresMonth: 'Mois d’expiration (AAAA-MM).',
        weeklyLimit: `Plafond sur 7 jours, ${AMOUNT}.`,
        monthlyLimit: `Plafond sur 30 jours, ${AMOUNT}.`,
        ...Object.fromEntries(CARD_CHANNEL_LIST.map((c) => [`${c.apiKey}Enabled`, CHANNELS[c.id].allowed])),
        createdAt: `Création, ${WHEN}.`,
        updatedAt: `Dernier changement de réglage, ${WHEN}.`,
        cancelledAt: `Opposition, ${WHEN}.`,
      },
    },
    cardPayments: {
      description: 'Les paiements par carte, acceptés ou refusés.',
      fields: {
        id: 'Identifiant du paiement.',
        cardId: 'Carte utilisée.',
        amount: `Montant demandé, ${AMOUNT}.`,
        merchant: 'Commerçant.',
        channel: `Canal (${CARD_CHANNEL_LIST.map((c) => `${c.id} = ${CHANNELS[c.id].name}`).join(', ')}).`,
        status: 'État (autorisé, débité, refusé, expiré).',
        reason: 'Motif de refus, le cas échéant.',
        clearedAmount: `Montant finalement débité, ${AMOUNT}.`,
        createdAt: `Demande, ${WHEN}.`,
        clearedAt: `Débit, ${WHEN}.`,
        expiredAt: `Expiration de l’autorisation, ${WHEN}.`,
      },
    },
    cardRefunds: {
      description: 'Les remboursements reçus sur vos cartes.',
      fields: {
        id: 'Identifiant du remboursement.',
        cardId: 'Carte concernée.',
        amount: `Montant, ${AMOUNT}.`,
        merchant: 'Commerçant.',
        createdAt: `Remboursement, ${WHEN}.`,
      },
    },
    cardAuthentications: {
      description:
        'Les paiements en ligne par carte soumis à 3-D Secure : ceux que vous avez confirmés, refusés ou laissés expirer, et ceux acceptés sans confirmation (petits montants).',
      fields: {
        id: 'Identifiant de la demande.',
        cardId: 'Carte concernée.',
        amount: `Montant, ${AMOUNT}.`,
        merchant: 'Commerçant.',
        merchantUrl: 'Site du commerçant, s’il l’a indiqué.',
        status:
          'État (pending = en attente, approved = confirmé, refused = refusé, expired = expiré, exempted = accepté sans confirmation).',
        createdAt: `Demande, ${WHEN}.`,
        expiresAt: `Fin du délai pour répondre, ${WHEN}.`,
        decidedAt: `Réponse, ${WHEN}.`,
        usedAt: `Paiement autorisé grâce à cette confirmation, ${WHEN}.`,
        authorizationId: 'Paiement autorisé (voir cardPayments.id).',
      },
    },
    cardAgreements: {
      description:
        'Les commerçants autorisés à débiter votre carte d’eux-mêmes (paiements récurrents, abonnements), depuis un premier paiement en ligne que vous avez confirmé chez eux.',
      fields: {
        id: 'Identifiant de l’accord.',
        cardId: 'Carte concernée.',
        merchant: 'Commerçant.',
        authorizationId: 'Le paiement confirmé qui a fait l’accord (voir cardPayments.id).',
        createdAt: `Accord, ${WHEN}.`,
      },
    },
    messages: {
      description: 'Votre messagerie sécurisée avec votre conseiller.',
      fields: {
        id: 'Identifiant du message.',
        direction: 'customer = envoyé par vous, bank = envoyé par la banque.',
        body: 'Texte du message.',
        createdAt: `Envoi, ${WHEN}.`,
        readAt: `Lecture par son destinataire, ${WHEN}.`,
      },
    },
    directDebitMandates: {
      description:
        'Les mandats de prélèvement SEPA connus de Comptoir, tels que les banques des créanciers les ont présentés.',
      fields: {
        id: 'Identifiant du mandat.',
        accountId: 'Compte débité (voir accounts.id).',
        creditorId: 'Identifiant créancier SEPA (ICS).',
        creditorName: 'Nom du créancier.',
        reference: 'Référence unique du mandat (RUM).',
        signedOn: 'Date de signature (AAAA-MM-JJ).',
        status:
          'État (active = actif, revoked = révoqué par vous, ended = terminé après son dernier prélèvement).',
        revokedAt: `Révocation, ${WHEN}.`,
        maxAmount: `Montant maximal par prélèvement que vous avez fixé, ${AMOUNT}.`,
        maxCount: 'Nombre maximal de prélèvements par période que vous avez fixé.',
        countPeriod: 'Période de ce nombre (month = mois, year = année).',
        createdAt: `Premier prélèvement reçu, ${WHEN}.`,
        lastCollectionAt: `Dernier prélèvement débité, ${WHEN}.`,
      },
    },
    directDebitCollections: {
      description: 'Les prélèvements SEPA annoncés sur vos comptes, leur issue et leur remboursement.',
      fields: {
        id: 'Identifiant du prélèvement.',
        accountId: 'Compte débité (voir accounts.id).',
        mandateId: 'Mandat (voir directDebitMandates.id), vide si le mandat était inconnu.',
        creditorId: 'Identifiant créancier SEPA (ICS).',
        creditorName: 'Nom du créancier.',
        mandateReference: 'Référence unique du mandat (RUM).',
        sequence: 'Séquence (FRST = premier, RCUR = récurrent, OOFF = ponctuel, FNAL = dernier).',
        amount: `Montant, ${AMOUNT}.`,
        dueDate: 'Date d’échéance (AAAA-MM-JJ).',
        remittanceInfo: 'Libellé du créancier.',
        status: 'État (announced = annoncé, refused = refusé par vous, booked = débité, returned = rejeté).',
        returnReason: 'Motif de rejet ISO 20022 (AC04, AC06, MD01, MS02, AG01, SL01, AM04).',
        number: 'Numéro de l’opération de débit.',
        createdAt: `Annonce, ${WHEN}.`,
        refusedAt: `Votre refus, ${WHEN}.`,
        settledAt: `Débit ou rejet, ${WHEN}.`,
        refundedAt: `Remboursement, ${WHEN}.`,
        refundNumber: 'Numéro de l’opération de remboursement.',
      },
    },
    directDebitClaims: {
      description: 'Vos contestations de prélèvements non autorisés et leur décision.',
      fields: {
        id: 'Identifiant de la contestation.',
        collectionId: 'Prélèvement contesté (voir directDebitCollections.id).',
        reason: 'Votre explication.',
        status: 'État (pending = en cours, accepted = acceptée et remboursée, rejected = refusée).',
        createdAt: `Contestation, ${WHEN}.`,
        decidedAt: `Décision, ${WHEN}.`,
        decisionNote: 'Motif de la décision.',
      },
    },
    directDebitSettings: {
      description: 'Vos règles de prélèvement (null si vous n’en avez jamais fixé : tout est accepté).',
      fields: {
        blockAll: 'true si vous refusez tous les prélèvements.',
        allowedCreditorIds: 'Créanciers seuls acceptés (ICS), vide = tous.',
        blockedCreditorIds: 'Créanciers refusés (ICS).',
        updatedAt: `Dernière modification, ${WHEN}.`,
      },
    },
    fraudReports: {
      description: 'Les fraudes que vous avez signalées sur vos virements, et leur issue.',
      fields: {
        id: 'Identifiant du signalement.',
        transferNumber: 'Numéro du virement signalé.',
        kind: 'impersonation (quelqu’un s’est fait passer pour la banque) ou other (autre fraude).',
        status: 'submitted (en cours d’examen), accepted (acceptée) ou rejected (refusée).',
        amount: `Montant du virement, ${AMOUNT}.`,
        payeeName: 'Nom du bénéficiaire du virement.',
        payeeIban: 'IBAN du bénéficiaire du virement.',
        description: 'Ce que vous avez décrit.',
        policeReportNumber: 'Numéro du dépôt de plainte.',
        withFile: 'Si vous avez joint le dépôt de plainte (le fichier n’est pas dans cet export).',
        createdAt: `Signalement, ${WHEN}.`,
        decidedAt: `Décision, ${WHEN}.`,
        refundNumber: 'Numéro de l’opération de remboursement, le cas échéant.',
      },
    },
    thirdPartyAccess: {
      description:
        'Les accès à vos comptes que vous avez donnés à des services tiers (open banking, DSP2), tels que « Accès tiers » les montre.',
      fields: {
        id: 'Identifiant du consentement.',
        provider: 'Nom du service tiers.',
        providerId: 'Son identifiant d’agrément (par exemple PSDFR-ACPR-12345).',
        status:
          'valid (actif), revokedByPsu (révoqué par vous), expired (expiré), terminatedByTpp (arrêté ou remplacé par le tiers) ou rejected (refusé).',
        scopes:
          'Ce que le tiers peut consulter : accounts (vos comptes), balances (leurs soldes), transactions (leurs opérations).',
        accountIbans: 'Les comptes concernés.',
        recurring: 'Si le tiers peut consulter régulièrement (true) ou une seule fois (false).',
        frequencyPerDay: 'Nombre de consultations par jour et par compte sans vous.',
        validUntil: 'Dernier jour de validité, AAAA-MM-JJ.',
        grantedAt: `Accord, ${WHEN}.`,
        lastStrongAuthenticationAt: `Dernière authentification forte pour ce tiers, ${WHEN}.`,
        lastAccessAt: `Dernière consultation par le tiers, ${WHEN}.`,
        endedAt: `Fin de l’accès, ${WHEN}.`,
      },
    },
    thirdPartyPayments: {
      description:
        'Les paiements que des services tiers ont initiés depuis vos comptes (DSP2) et que vous avez autorisés ou refusés.',
      fields: {
        id: 'Identifiant du paiement.',
        provider: 'Nom du service tiers.',
        providerId: 'Son identifiant d’agrément (par exemple PSDFR-ACPR-12345).',
        product:
          'sepa-credit-transfers (virement SEPA) ou instant-sepa-credit-transfers (virement instantané).',
        amount: `Montant, ${AMOUNT}.`,
        debtorIban: 'Le compte débité.',
        creditorName: 'Nom du bénéficiaire.',
        creditorIban: 'IBAN du bénéficiaire.',
        reference: 'Motif.',
        requestedExecutionDate: 'Jour d’exécution demandé, AAAA-MM-JJ, le cas échéant.',
        status: 'accepted (autorisé par vous), rejected (refusé) ou cancelled (annulé par le tiers).',
        transferNumber: 'Numéro du virement qui l’a exécuté (st- et 8 chiffres), une fois autorisé.',
        transferStatus: 'État de ce virement, comme dans la liste de vos virements.',
        createdAt: `Demande du tiers, ${WHEN}.`,
      },
    },
    heldCredits: {
      description:
        'Les virements reçus mis en vérification avant d’être disponibles sur votre compte, et leur issue.',
      fields: {
        id: 'Identifiant.',
        status:
          'verifying (en cours de vérification), released (disponible sur votre compte) ou returned (retourné à l’émetteur).',
        amount: `Montant, ${AMOUNT}.`,
        originatorName: 'Nom de l’émetteur du virement.',
        heldAt: `Mise en vérification, ${WHEN}.`,
        decidedAt: `Fin de la vérification, ${WHEN}.`,
      },
    },
    notifications: {
      description: 'Les notifications affichées dans votre espace.',
      fields: {
        id: 'Identifiant de la notification.',
        kind: 'Sujet (crédit, paiement par carte, virement, message…).',
        amount: `Montant concerné, ${AMOUNT}.`,
        counterparty: 'Contrepartie (payeur, commerçant, bénéficiaire).',
        number: 'Numéro de l’opération concernée.',
        reason: 'Motif (refus, report).',
        createdAt: `Émission, ${WHEN}.`,
        readAt: `Lecture, ${WHEN}.`,
      },
    },
    sessions: {
      description: 'Vos connexions (appareils). Le jeton de session n’est jamais exporté, ni sa empreinte.',
      fields: {
        id: 'Identifiant public de la session.',
        userAgent: 'Navigateur et système déclarés par l’appareil.',
        ip: 'Adresse IP de la connexion.',
        createdAt: `Connexion, ${WHEN}.`,
        lastSeenAt: `Dernière activité, ${WHEN}.`,
        expiresAt: `Fin de validité, ${WHEN}.`,
        revokedAt: `Déconnexion, ${WHEN}.`,
      },
    },
    secondFactors: {
      description:
        'Vos moyens d’authentification forte. Le secret de l’application et la clé publique d’une ' +
        'clé d’accès ne sont pas exportés.',
      fields: {
        id: 'Identifiant du moyen.',
        type: 'totp = application d’authentification, passkey = clé d’accès.',
        name: 'Nom que vous lui avez donné.',
        createdAt: `Ajout, ${WHEN}.`,
        confirmedAt: `Activation, ${WHEN}.`,
        lastUsedAt: `Dernière utilisation, ${WHEN}.`,
      },
    },
    consents: {
      description:
        'Vos choix. Comptoir n’utilise que des cookies nécessaires (la session) : il n’y a pas de ' +
        'préférence de cookies à exporter. La langue de l’interface est gardée dans votre navigateur, ' +
        'pas chez nous.',
      fields: {
        notificationPreferences:
          'Vos préférences d’e-mails (null si vous ne les avez jamais modifiées : réglages par défaut).',
        'notificationPreferences.emailOnCredit': 'E-mail à chaque crédit reçu.',
        'notificationPreferences.emailOnCardPayment': 'E-mail à chaque paiement par carte.',
        'notificationPreferences.updatedAt': `Dernière modification, ${WHEN}.`,
        pushDevices:
          'Les appareils où vous avez activé les notifications push (les clés de chiffrement de votre navigateur ne sont pas incluses).',
        'pushDevices.endpoint': 'Adresse du service de notification de votre navigateur pour cet appareil.',
        'pushDevices.showAmounts': 'true si les notifications de cet appareil montrent les montants.',
        'pushDevices.createdAt': `Activation, ${WHEN}.`,
        'pushDevices.lastSuccessAt': `Dernière notification remise au service de notification, ${WHEN} (null : aucune).`,
      },
    },
    documentRequests: {
      description: 'Les documents que la banque vous a demandés. Les fichiers eux-mêmes ne sont pas inclus.',
      fields: {
        id: 'Identifiant de la demande.',
        kind: 'Nature (funds_origin = origine des fonds, additional = autre document).',
        reason: 'Raison de la demande.',
        blocking: 'true si la demande bloquait des opérations.',
        status: 'État (demandée, envoyée, acceptée, refusée…).',
        createdAt: `Demande, ${WHEN}.`,
        submittedAt: `Envoi de vos documents, ${WHEN}.`,
        decidedAt: `Décision, ${WHEN}.`,
        rejectionReason: 'Motif d’un refus.',
        files: 'Fichiers envoyés : type (mime), taille en octets (size), envoi (uploadedAt).',
      },
    },
    identityChangeRequests: {
      description:
        'Vos demandes de modification d’identité (nom, prénom, date de naissance, pays de résidence ' +
        'fiscale) et leur décision. La pièce justificative elle-même n’est pas incluse.',
      fields: {
        id: 'Identifiant de la demande.',
        status: 'État (pending = en attente, accepted = acceptée, rejected = refusée).',
        reason: 'Raison que vous avez donnée.',
        firstName: 'Prénom demandé (vide : inchangé).',
        lastName: 'Nom demandé (vide : inchangé).',
        birthDate: 'Date de naissance demandée, AAAA-MM-JJ (vide : inchangée).',
        taxCountry: 'Pays de résidence fiscale demandé (vide : inchangé).',
        currentFirstName: 'Prénom enregistré au moment de la demande.',
        currentLastName: 'Nom enregistré au moment de la demande.',
        currentBirthDate: 'Date de naissance enregistrée au moment de la demande, AAAA-MM-JJ.',
        currentTaxCountry: 'Pays de résidence fiscale enregistré au moment de la demande.',
        documentMime: 'Type de la pièce justificative envoyée.',
        documentSize: 'Taille de la pièce justificative, en octets.',
        createdAt: `Demande, ${WHEN}.`,
        decidedAt: `Décision, ${WHEN}.`,
        rejectionReason: 'Motif d’un refus.',
        decisionNote: 'Note de la banque à l’acceptation, le cas échéant.',
      },
    },
    identity: {
      description:
        'Votre demande d’ouverture de compte et vos pièces d’identité (caractéristiques seulement, ' +
        'pas les fichiers), et les corrections demandées.',
      fields: {
        applications: 'Vos demandes d’ouverture.',
        'applications.status': 'État de la demande.',
        'applications.email': 'Adresse e-mail donnée à l’inscription.',
        'applications.residenceCountry': 'Pays de résidence déclaré.',
        'applications.incomeRange': 'Tranche de revenus déclarée.',
        'applications.profession': 'Profession déclarée.',
        'applications.documentCountry': 'Pays d’émission de la pièce d’identité.',
        'applications.documentType': 'Type de pièce (carte d’identité, passeport).',
        'applications.createdAt': `Début de l’inscription, ${WHEN}.`,
        'applications.submittedAt': `Envoi du dossier, ${WHEN}.`,
        'applications.decidedAt': `Décision, ${WHEN}.`,
        'applications.rejectionReason': 'Motif d’un refus.',
        'applications.documents':
          'Pièces envoyées : nature (kind), type (mime), taille en octets (size), envoi (uploadedAt), ' +
          'remplacement par une pièce plus récente (replacedAt).',
        corrections: 'Corrections demandées pendant l’examen du dossier.',
        'corrections.reasons': 'Ce qui était à corriger.',
        'corrections.documentKinds': 'Pièces à renvoyer.',
        'corrections.requestedAt': `Demande, ${WHEN}.`,
        'corrections.resolvedAt': `Correction faite, ${WHEN}.`,
      },
    },
    operations: {
      description:
        'Toutes les écritures de vos comptes (compte courant et Espaces), des plus anciennes aux plus ' +
        'récentes, y compris en cours et annulées.',
      fields: {
        postingId: 'Identifiant de l’écriture.',
        entryId: 'Identifiant de l’opération (une opération peut toucher deux de vos comptes).',
        accountId: 'Compte concerné (voir accounts.id).',
        accountIban: 'IBAN du compte concerné (vide pour un Espace).',
        number: 'Numéro de l’opération.',
        kind: 'Nature (transfer = virement, card = carte, direct_debit = prélèvement, adjustment = régularisation, internal = mouvement entre vos comptes).',
        status: 'État (pending = en cours, posted = comptabilisée, voided = annulée).',
        amount: `Montant, ${AMOUNT} : positif pour un crédit, négatif pour un débit.`,
        balanceAfter: `Solde du compte après l’écriture, ${AMOUNT} (vide tant qu’elle est en cours).`,
        counterpartyName: 'Contrepartie (payeur, bénéficiaire, commerçant).',
        counterpartyIban: 'IBAN de la contrepartie.',
        reference: 'Motif ou référence.',
        description: 'Libellé.',
        createdAt: `Date de l’opération, ${WHEN}.`,
        postedAt: `Comptabilisation, ${WHEN}.`,
        voidedAt: `Annulation, ${WHEN}.`,
        valueDate:
          'Date de valeur (AAAA-MM-JJ) quand elle diffère du jour de comptabilisation : un prélèvement remboursé compte depuis le jour de son débit. Vide sinon.',
      },
    },
  },
} as const satisfies {
  about: string;
  generatedAt: string;
  sections: Record<string, SectionReadme>;
};
