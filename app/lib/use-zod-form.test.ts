import { describe, expect, it } from 'vitest';
import { textDefaults } from './use-zod-form.ts';

describe('textDefaults', () => {
  it('takes the item’s text fields as they are, a null one as empty', () => {
    const rep = { name: 'Ann', title: null, photo: 'a.jpg', id: 3 };
    expect(textDefaults(rep, ['name', 'title', 'photo'])).toEqual({ name: 'Ann', title: '', photo: 'a.jpg' });
  });

  it('starts every field empty when adding (no item)', () => {
    expect(textDefaults<{ name: string; email: string }, 'name' | 'email'>(null, ['name', 'email'])).toEqual({ name: '', email: '' });
  });
});
