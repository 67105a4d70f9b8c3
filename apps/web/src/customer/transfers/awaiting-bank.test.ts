import { describe, expect, it } from 'vitest';
import fr from '../../i18n/fr/transfers.json';

describe('the instant transfer’s waiting text', () => {
  it('takes how long it waits from the server (the island’s instantTransferTimeoutSeconds), never a figure of its own', () => {
    const text = fr.transfers.form.awaitingBank;
    expect(text).toContain('{{seconds}}');
    expect(text).not.toMatch(/\d/);
  });
});
