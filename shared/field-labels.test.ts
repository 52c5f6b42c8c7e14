import { describe, expect, it } from 'vitest';
import { changedFieldWords, CONTENT_FIELD_LABELS, fieldLabel, joinWords, REP_FIELD_LABELS } from './field-labels.ts';

describe('the fields a save changed, in words (ADR 052)', () => {
  it('joins words as a sentence does', () => {
    expect(joinWords([])).toBe('');
    expect(joinWords(['Title'])).toBe('Title');
    expect(joinWords(['Title', 'Body'])).toBe('Title and Body');
    expect(joinWords(['Title', 'Body', 'Publish at'])).toBe('Title, Body and Publish at');
  });

  it("names each field by the form's label, else a common one, else its name made readable", () => {
    expect(fieldLabel('publishDate', CONTENT_FIELD_LABELS)).toBe('Date');
    expect(fieldLabel('publishDate')).toBe('Publish date');
    expect(fieldLabel('slug', CONTENT_FIELD_LABELS)).toBe('Slug');
    expect(fieldLabel('zipPrefixes', REP_FIELD_LABELS)).toBe('ZIP prefixes');
    expect(fieldLabel('heroImageType')).toBe('Hero image type');
    // entries made before the labels were stored as words keep reading well
    expect(fieldLabel('lead recipients')).toBe('Lead recipients');
  });

  it('lists the changed fields in their order, each label once', () => {
    expect(changedFieldWords(['title', 'modules', 'publishAt'], CONTENT_FIELD_LABELS)).toBe('Title, Modules and Publish at');
    // two fields the form shows under one label are one change
    expect(changedFieldWords(['metadata', 'seo'])).toBe('SEO');
    expect(changedFieldWords([], CONTENT_FIELD_LABELS)).toBe('');
  });
});
