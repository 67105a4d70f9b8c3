/**
 * Whether a claim of the public site is true today: each claim names the capability switch that
 * makes it true (`since`, docs/product/principles.md#no-false-claims), and what is not there yet
 * says « Bientôt ». Kept apart from the claims themselves (`claims.ts`) so that every page can ask
 * without loading the copy of the others.
 */
import { CAPABILITIES, type CapabilityId } from '@comptoir/core/capabilities';
import type { PageKey } from '../routes.ts';

export interface Claim {
  text: string;
  since: CapabilityId;
}

/** A feature card: title and text of one capability. */
export interface FeatureClaim extends Claim {
  title: string;
}

export const isAvailable = (claim: { since: CapabilityId }): boolean => CAPABILITIES[claim.since].available;

/** « Bientôt » — what a claim not yet available says next to it. */
export const SOON = 'Bientôt';

/**
 * Pages about a feature that is not there yet open with a notice saying so (they describe the
 * service as it will be).
 */
export const PAGE_FEATURE: Partial<Record<PageKey, CapabilityId>> = {
  cartedigital: 'card',
  virements: 'transfers',
  prelevements: 'directDebits',
};

export const PAGE_SOON_NOTICE =
  'Bientôt disponible : cette page décrit un service en préparation. Aujourd’hui, votre compte vous donne un IBAN, un RIB à télécharger et le suivi de vos opérations en temps réel.';
