// @vitest-environment jsdom
import { axeViolationsIn } from '#tests/setup/dom.ts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { EditConflict } from '#shared/validation/edit-conflict.ts';
import { EditConflictDialog } from './edit-conflict.tsx';

const conflict: EditConflict = {
  baseVersion: 31,
  currentVersion: 33,
  savedBy: { id: 2, name: 'Ana Lopez', email: 'ana.lopez@example.com' },
  savedAt: '2026-11-28T22:04:09Z',
  fields: [
    { field: 'title', theirs: 'Spring Trials 2026', yours: 'Spring Field Trials' },
    { field: 'regionIds', theirs: [2, 3], yours: [2] },
    { field: 'metadata', theirs: {}, yours: { desc: 'Plots in May' } },
  ],
};

function Harness(props: { onSaveMine?: () => void; onLoadTheirs?: () => void }) {
  const [open, setOpen] = useState<EditConflict | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(conflict)}>
        Save Changes
      </button>
      <EditConflictDialog
        conflict={open}
        labels={{ title: 'Title' }}
        onSaveMine={props.onSaveMine ?? (() => undefined)}
        onLoadTheirs={props.onLoadTheirs ?? (() => undefined)}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

describe('the conflict dialog of an editor', () => {
  it('names who saved and when, lists the fields, and shows theirs and yours side by side on request', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Ana Lopez saved this while you were editing' });
    expect(dialog.textContent).toContain('ana.lopez@example.com');
    expect(dialog.textContent).toContain('Differs in: Title, Regions, SEO.');
    // the table is there for screen readers only once asked for
    const toggle = within(dialog).getByRole('button', { name: 'See differences' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).queryByRole('table')).toBeNull();
    fireEvent.click(toggle);
    expect(within(dialog).getByRole('button', { name: 'Hide differences' }).getAttribute('aria-expanded')).toBe('true');
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Field', 'Theirs (Ana Lopez)', 'Yours'],
      ['Title', 'Spring Trials 2026', 'Spring Field Trials'],
      ['Regions', '[\n  2,\n  3\n]', '[\n  2\n]'],
      ['SEO', '{}', '{\n  "desc": "Plots in May"\n}'],
    ]);
    expect(await axeViolationsIn(dialog)).toEqual([]);
  });

  it('offers Save mine anyway and Load theirs, and Escape keeps editing with the focus back on the save button', () => {
    const onSaveMine = vi.fn();
    const onLoadTheirs = vi.fn();
    render(<Harness onSaveMine={onSaveMine} onLoadTheirs={onLoadTheirs} />);
    const save = screen.getByRole('button', { name: 'Save Changes' });
    save.focus();
    fireEvent.click(save);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine anyway' }));
    expect(onSaveMine).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load theirs' }));
    expect(onLoadTheirs).toHaveBeenCalledTimes(1);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(save);
  });
});
