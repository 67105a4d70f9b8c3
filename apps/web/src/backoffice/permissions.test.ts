import { describe, expect, it } from 'vitest';
import { roleCan } from './permissions.ts';

describe('back-office permissions (mirroring operators/role-matrix.test.ts)', () => {
  it('lets admin and compliance decide direct-debit claims, as identity changes; support does not see the queue', () => {
    expect(roleCan('admin', 'directDebitClaims')).toBe(true);
    expect(roleCan('compliance', 'directDebitClaims')).toBe(true);
    expect(roleCan('support', 'directDebitClaims')).toBe(false);
    expect(roleCan(null, 'directDebitClaims')).toBe(false);
    // The same roles as the identity-change decisions (« review »).
    for (const role of ['admin', 'compliance', 'support'] as const) {
      expect(roleCan(role, 'directDebitClaims')).toBe(roleCan(role, 'review'));
    }
  });
});

describe('sanctions screening permissions (docs/screening.md)', () => {
  it('shows « Criblage » to admin and compliance, who decide its alerts; support does not see it', () => {
    expect(roleCan('admin', 'screening')).toBe(true);
    expect(roleCan('compliance', 'screening')).toBe(true);
    expect(roleCan('support', 'screening')).toBe(false);
    expect(roleCan(null, 'screening')).toBe(false);
  });

  it('lets only an admin change the match threshold; compliance reads it', () => {
    expect(roleCan('admin', 'screeningSettings')).toBe(true);
    expect(roleCan('compliance', 'screeningSettings')).toBe(false);
    expect(roleCan('support', 'screeningSettings')).toBe(false);
  });

  it('shows every operator a customer’s screenings, but their freezes only to those who see « Criblage »', () => {
    for (const role of ['admin', 'compliance', 'support'] as const) {
      expect(roleCan(role, 'screeningRecords'), role).toBe(true);
      expect(roleCan(role, 'freezes'), role).toBe(roleCan(role, 'screening'));
    }
  });
});

describe('back-office permissions, read from the route table', () => {
  it('gives each screen the roles of the routes it calls, as the server guards them', () => {
    const everyone = ['admin', 'compliance', 'support'] as const;
    const expected = {
      customers: ['admin', 'compliance', 'support'],
      review: ['admin', 'compliance'],
      directDebitClaims: ['admin', 'compliance'],
      contactInbox: ['admin', 'compliance', 'support'],
      auditLog: ['admin', 'compliance'],
      operators: ['admin'],
      sandbox: ['admin', 'compliance'],
      screening: ['admin', 'compliance'],
      screeningSettings: ['admin'],
      screeningRecords: ['admin', 'compliance', 'support'],
      freezes: ['admin', 'compliance'],
      monitoring: ['admin', 'compliance'],
      heldCredits: ['admin', 'compliance'],
      fraudReports: ['admin', 'compliance'],
    } as const;
    for (const [permission, roles] of Object.entries(expected)) {
      for (const role of everyone) {
        expect(roleCan(role, permission as keyof typeof expected), `${role} ${permission}`).toBe(
          (roles as readonly string[]).includes(role),
        );
      }
    }
  });
});

describe('held credits permissions (docs/held-credits.md)', () => {
  it('shows « Virements retenus » to those who see « Surveillance », where a credit is held from a case', () => {
    expect(roleCan('admin', 'heldCredits')).toBe(true);
    expect(roleCan('compliance', 'heldCredits')).toBe(true);
    expect(roleCan('support', 'heldCredits')).toBe(false);
    expect(roleCan(null, 'heldCredits')).toBe(false);
    for (const role of ['admin', 'compliance', 'support'] as const) {
      expect(roleCan(role, 'heldCredits'), role).toBe(roleCan(role, 'monitoring'));
    }
  });
});

describe('fraud reports permissions (docs/fraud-reports.md)', () => {
  it('shows « Fraudes signalées » to admin and compliance, who decide the reports; support does not see it', () => {
    expect(roleCan('admin', 'fraudReports')).toBe(true);
    expect(roleCan('compliance', 'fraudReports')).toBe(true);
    expect(roleCan('support', 'fraudReports')).toBe(false);
    expect(roleCan(null, 'fraudReports')).toBe(false);
  });
});

describe('« Tiers PSD2 » permissions (docs/psd2.md)', () => {
  it('shows the providers to admin and compliance, who may block one; support does not see them', () => {
    expect(roleCan('admin', 'psd2Tpps')).toBe(true);
    expect(roleCan('compliance', 'psd2Tpps')).toBe(true);
    expect(roleCan('support', 'psd2Tpps')).toBe(false);
  });
});
