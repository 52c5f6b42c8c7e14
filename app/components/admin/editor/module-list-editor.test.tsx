// @vitest-environment jsdom
import { axeViolationsIn } from '#tests/setup/dom.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ContentModule } from '#shared/content-types.ts';
import { ModuleListSchema } from '#shared/content-admin.ts';
import { ModuleListEditor } from './module-list-editor.tsx';
import { moveItem } from './sortable.ts';
import { testDocumentSource } from './test-documents.ts';

const MODULES: ContentModule[] = [
  { type: 2, content: '<p>Intro</p>' },
  { type: 3, items: [{ headline: '3:1', shortDescription: 'Return on\nevery acre' }] },
  { type: 1, content: '<p>Great product</p>' },
];

function setup(modules: ContentModule[] = MODULES, errors = {}) {
  const onChange = vi.fn();
  const view = render(
    <MemoryRouter>
      <form id="f">
        <ModuleListEditor name="modules" defaultValue={modules} onChange={onChange} errors={errors} documents={testDocumentSource()} />
      </form>
    </MemoryRouter>,
  );
  const posted = () => JSON.parse(new FormData(view.container.querySelector('form')!).get('modules') as string) as unknown[];
  const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  return { ...view, onChange, posted, titles };
}

describe('moveItem', () => {
  it('moves one item and leaves the list alone for an index out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('ModuleListEditor', () => {
  it('posts the modules as JSON in the order shown, valid for the shared schema', async () => {
    const { posted, titles } = setup();
    expect(screen.getByRole('group', { name: 'Content modules' })).toBeTruthy();
    expect(titles()).toEqual(['1. Rich text', '2. ROI list', '3. Testimonial']);
    expect(posted()).toEqual(MODULES);
    expect(ModuleListSchema.safeParse(posted()).success).toBe(true);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Rich text 1: text' })).toBeTruthy());
  });

  it('reorders with the keyboard: focus stays on the moved module and the move is announced', () => {
    const { posted, titles, onChange } = setup();
    const down = screen.getByRole('button', { name: 'Move down Rich text module 1' });
    down.focus();
    fireEvent.click(down);
    expect(titles()).toEqual(['1. ROI list', '2. Rich text', '3. Testimonial']);
    expect((posted()[1] as ContentModule).type).toBe(2);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Rich text module moved to position 2 of 3.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down Rich text module 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move down Rich text module 2' }));
    expect(titles()).toEqual(['1. ROI list', '2. Testimonial', '3. Rich text']);
    // at the end Move down is disabled, so focus goes to Move up of the same module
    expect(screen.getByRole('button', { name: 'Move down Rich text module 3' }).hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up Rich text module 3' }));
    expect(screen.getByRole('button', { name: 'Move up ROI list module 1' }).hasAttribute('disabled')).toBe(true);
  });

  it('reorders by dragging a module by its handle', () => {
    const { titles, container } = setup();
    const cards = container.querySelectorAll('li.module-card');
    const handle = cards[2]!.querySelector('.module-card__handle')!;
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), dropEffect: '', effectAllowed: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(cards[0]!, { dataTransfer });
    expect(cards[0]!.className).toContain('module-card--over');
    fireEvent.drop(cards[0]!, { dataTransfer });
    expect(titles()).toEqual(['1. Testimonial', '2. Rich text', '3. ROI list']);
    expect(screen.getByRole('status').textContent).toBe('Testimonial module moved to position 1 of 3.');
  });

  it('adds and removes modules; focus goes to the new module', () => {
    const { posted, titles } = setup([]);
    expect(screen.getByText('No modules yet. Add the first one below.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Module type'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add module' }));
    expect(titles()).toEqual(['1. ROI list']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '1. ROI list' }));
    expect(posted()).toEqual([{ type: 3, items: [{ headline: '', shortDescription: '' }] }]);
    fireEvent.change(screen.getByLabelText('Module type'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add module' }));
    expect(screen.getByRole('status').textContent).toBe('Multi-image module added at position 2.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove ROI list module 1' }));
    expect(titles()).toEqual(['1. Multi-image']);
    expect(posted()).toEqual([{ type: 4, items: [] }]);
  });

  it('edits ROI items: add, type, reorder, remove', () => {
    const { posted } = setup([{ type: 3, items: [{ headline: 'A', shortDescription: 'a' }] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add ROI item' }));
    fireEvent.change(screen.getByLabelText('ROI item 2: headline'), { target: { value: 'B' } });
    fireEvent.change(screen.getByLabelText('ROI item 2: short description'), { target: { value: 'line 1\nline 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move ROI item 2 of module 1 up' }));
    expect(posted()).toEqual([
      {
        type: 3,
        items: [
          { headline: 'B', shortDescription: 'line 1\nline 2' },
          { headline: 'A', shortDescription: 'a' },
        ],
      },
    ]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move ROI item 1 of module 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove ROI item 2 of module 1' }));
    expect(posted()).toEqual([{ type: 3, items: [{ headline: 'B', shortDescription: 'line 1\nline 2' }] }]);
  });

  it('picks multi-image items from the document library with the library’s alt text', async () => {
    const { posted } = setup([{ type: 4, items: [] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /Choose Zinc field photo/ }));
    await waitFor(() =>
      expect((screen.getByLabelText('Image 1: alt text') as HTMLInputElement).value).toBe('Corn leaves with zinc deficiency stripes'),
    );
    fireEvent.change(screen.getByLabelText('Image 1: headline'), { target: { value: 'Zinc' } });
    expect(posted()).toEqual([
      {
        type: 4,
        items: [
          {
            imageItem: {
              previewsrc: '/doccenter/11111111-1111-4111-8111-111111111111',
              alttext: 'Corn leaves with zinc deficiency stripes',
            },
            headline: 'Zinc',
            editorData: '',
          },
        ],
      },
    ]);
    expect(ModuleListSchema.safeParse(posted()).success).toBe(true);
  });

  it('shows the errors Conform reports at their fields', () => {
    setup(
      [
        { type: 3, items: [{ headline: '', shortDescription: '' }] },
        { type: 4, items: [] },
      ],
      {
        'modules[0].items[0].headline': ['Headline is required.'],
        'modules[1].items': ['Add at least one image.'],
      },
    );
    const headline = screen.getByLabelText('ROI item 1: headline');
    expect(headline.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(headline.getAttribute('aria-describedby')!)!.textContent).toBe('Headline is required.');
    expect(screen.getByText('Add at least one image.')).toBeTruthy();
  });

  it('is axe clean with all four module types, a toolbar and a picker on screen', async () => {
    const { container } = setup([
      ...MODULES,
      {
        type: 4,
        items: [
          {
            imageItem: { previewsrc: '/doccenter/11111111-1111-4111-8111-111111111111', alttext: 'Corn' },
            headline: 'Zinc',
            editorData: '<p>Caption</p>',
          },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getAllByRole('toolbar')).toHaveLength(3));
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});
