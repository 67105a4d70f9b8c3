import { describe, expect, it } from 'vitest';
import { goalProgress } from './goal-progress.ts';
import {
  goalText,
  parseGoal,
  parseMoveAmount,
  spaceForm,
  toCreateRequest,
  toUpdateRequest,
} from './space-form.ts';

const schema = spaceForm({ nameInvalid: 'nom', goalInvalid: 'objectif' });

describe('the Espace form', () => {
  it('trims the name and turns euros into integer cents', () => {
    expect(toCreateRequest({ name: '  Vacances ', goal: '1 250,5' })).toEqual({
      name: 'Vacances',
      goal: 125_050,
    });
    expect(toCreateRequest({ name: 'Impôts', goal: '' })).toEqual({ name: 'Impôts' });
    expect(toUpdateRequest({ name: 'Impôts', goal: ' ' })).toEqual({ name: 'Impôts', goal: null });
    expect(toUpdateRequest({ name: 'Impôts', goal: '10.00' })).toEqual({ name: 'Impôts', goal: 1_000 });
  });

  it('refuses an empty or long name and a goal outside 1 € … 1,000,000 € or with 3 decimals', () => {
    expect(schema.safeParse({ name: '   ', goal: '' }).success).toBe(false);
    expect(schema.safeParse({ name: 'x'.repeat(41), goal: '' }).success).toBe(false);
    expect(schema.safeParse({ name: 'x'.repeat(40), goal: '' }).success).toBe(true);
    for (const goal of ['0,99', '1000000,01', '12,345', 'abc', '-5']) {
      expect(parseGoal(goal), goal).toBeUndefined();
      expect(schema.safeParse({ name: 'Ok', goal }).success, goal).toBe(false);
    }
    expect(parseGoal('1')).toBe(100n);
    expect(parseGoal('1 000 000')).toBe(100_000_000n);
  });

  it('shows a goal back for editing', () => {
    expect(goalText(null)).toBe('');
    expect(goalText(50_000)).toBe('500');
    expect(goalText(125_005)).toBe('1250,05');
    expect(parseGoal(goalText(125_005))).toBe(125_005n);
  });

  it('parses a move like the transfer forms, above zero', () => {
    expect(parseMoveAmount('12,50')).toBe(1_250n);
    expect(parseMoveAmount('0')).toBeNull();
    expect(parseMoveAmount('0,001')).toBeNull();
    expect(parseMoveAmount('')).toBeNull();
  });

  it('measures progress towards the goal, capped at 100 %', () => {
    expect(goalProgress(12_000, 50_000)).toBe(24);
    expect(goalProgress(0, 50_000)).toBe(0);
    expect(goalProgress(80_000, 50_000)).toBe(100);
    expect(goalProgress(1, 300)).toBe(0);
  });
});
