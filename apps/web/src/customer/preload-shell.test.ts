import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadCustomerShell } from './index.ts';

// The modules the preload asks for, recorded as each one is first loaded.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./CustomerLayout.tsx', () => (loaded.push('layout'), { CustomerLayout: () => null }));
vi.mock('./InactivityWatcher.tsx', () => (loaded.push('watcher'), { InactivityWatcher: () => null }));
vi.mock('./DashboardPage.tsx', () => (loaded.push('dashboard'), { DashboardPage: () => null }));

/** The tasks the page is asked to run later, run here one at a time. */
let tasks: (() => void)[] = [];
beforeEach(() => {
  tasks = [];
  vi.stubGlobal('window', { setTimeout: (task: () => void) => tasks.push(task) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preloadCustomerShell', () => {
  it('asks for the shell and « Accueil », each in a task of its own, and not the inactivity watcher', async () => {
    preloadCustomerShell();
    // Nothing in the caller's task: asking adds a preload link per module, which would hold the page.
    expect(tasks).toHaveLength(2);
    await vi.dynamicImportSettled();
    expect(loaded).toEqual([]);

    tasks[0]!();
    await vi.dynamicImportSettled();
    expect(loaded).toEqual(['layout']);

    for (const task of tasks.slice(1)) task();
    await vi.dynamicImportSettled();
    expect(loaded).toEqual(['layout', 'dashboard']);
  });
});
