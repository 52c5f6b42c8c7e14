// @vitest-environment jsdom
import { axeViolationsIn } from '#tests/setup/dom.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, HeroMediaSchema, SeoFormSchema } from '#shared/content-admin.ts';
import { HeroMediaField } from './hero-media-field.tsx';
import { ModuleListEditor } from './module-list-editor.tsx';
import { RegionsField } from './regions-field.tsx';
import { lengthHint, SeoFields, serpUrl, truncateForSerp } from './seo-fields.tsx';
import { SlugField } from './slug-field.tsx';
import { testDocumentSource } from './test-documents.ts';
import { UNSAVED_QUESTION, UnsavedChangesGuard, useFormDirty } from './unsaved-changes.tsx';

const formData = (container: HTMLElement) => new FormData(container.querySelector('form')!);

describe('SlugField', () => {
  function Harness({ published = false, saved = '', initialTitle = '' }) {
    const [title, setTitle] = useState(initialTitle);
    return (
      <form>
        <label htmlFor="t">Title</label>
        <input id="t" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <SlugField title={title} defaultValue={saved} published={published} pathPrefix="/knowledge-center/" origin="https://example.com" />
      </form>
    );
  }

  it('follows the title until edited by hand, and shows the public address', () => {
    const { container } = render(<Harness />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Zinc & Corn' } });
    const slug = screen.getByLabelText('Slug') as HTMLInputElement;
    expect(slug.value).toBe('zinc-and-corn');
    expect(screen.getByText('https://example.com/knowledge-center/zinc-and-corn')).toBeTruthy();
    expect(slug.getAttribute('aria-describedby')).toContain('slug-url');
    fireEvent.change(slug, { target: { value: 'zinc' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Zinc & Corn in 2027' } });
    expect(slug.value).toBe('zinc');
    expect(formData(container).get('slug')).toBe('zinc');
    fireEvent.click(screen.getByRole('button', { name: 'Generate from title' }));
    expect(slug.value).toBe('zinc-and-corn-in-2027');
    // not published: no redirect to offer
    expect(screen.queryByLabelText('Create a redirect from the old address')).toBeNull();
  });

  it('offers a redirect, ticked, when a published item’s slug changes', async () => {
    const { container } = render(<Harness published saved="zinc" initialTitle="Zinc" />);
    const slug = screen.getByLabelText('Slug') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Zinc for corn' } });
    // a published slug does not follow the title by itself
    expect(slug.value).toBe('zinc');
    expect(screen.queryByLabelText('Create a redirect from the old address')).toBeNull();
    fireEvent.change(slug, { target: { value: 'zinc-for-corn' } });
    const box = screen.getByLabelText('Create a redirect from the old address') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText(/sent to \/knowledge-center\/zinc-for-corn/)).toBeTruthy();
    expect(formData(container).get('createRedirect')).toBe('on');
    fireEvent.click(box);
    expect(formData(container).get('createRedirect')).toBeNull();
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});

describe('RegionsField', () => {
  it('posts the ticked region ids with their names as labels, and shows its error', async () => {
    const { container } = render(
      <form>
        <RegionsField defaultValue={[3]} errors={[CONTENT_MESSAGES.regionsRequired]} />
      </form>,
    );
    const group = screen.getByRole('group', { name: 'Regions' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['U.S.', 'Canada', 'International']);
    fireEvent.click(screen.getByLabelText('International'));
    expect(formData(container).getAll('regionIds')).toEqual(['3', '4']);
    expect(group.getAttribute('aria-describedby')).toBe('regions-error');
    expect(screen.getByText(CONTENT_MESSAGES.regionsRequired)).toBeTruthy();
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});

describe('SeoFields', () => {
  it('cuts titles and descriptions as a search engine shows them', () => {
    expect(truncateForSerp('Short title', 60)).toBe('Short title');
    const long = truncateForSerp('Zinc deficiency in corn: how to spot the stripes early and what to apply', 60);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
    expect(serpUrl('https://example.com/knowledge-center/zinc')).toBe('example.com › knowledge-center › zinc');
    expect(lengthHint(70, 60)).toEqual({ text: '70 of about 60 characters: search engines cut the rest off.', over: true });
    expect(lengthHint(150, 160, 120).over).toBe(false);
  });

  it('shows length hints and the search-result preview as the fields change, and posts valid JSON', async () => {
    const { container } = render(
      <MemoryRouter>
        <form>
          <SeoFields url="https://example.com/knowledge-center/zinc" fallbackTitle="Zinc in corn" documents={testDocumentSource()} />
        </form>
      </MemoryRouter>,
    );
    const preview = screen.getByRole('figure', { name: 'Search result preview' });
    expect(within(preview).getByText('Zinc in corn')).toBeTruthy();
    expect(within(preview).getByText('example.com › knowledge-center › zinc')).toBeTruthy();
    const title = screen.getByLabelText('SEO title');
    fireEvent.change(title, { target: { value: 'A'.repeat(65) } });
    expect(screen.getByText('65 of about 60 characters: search engines cut the rest off.')).toBeTruthy();
    expect(document.getElementById(title.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toContain('65 of about 60');
    fireEvent.change(screen.getByLabelText('Meta description'), { target: { value: 'How to spot zinc deficiency.' } });
    expect(within(preview).getByText('How to spot zinc deficiency.')).toBeTruthy();
    expect(screen.getByText('28 of about 120–160 characters: a little short; search engines may pick their own text.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    fireEvent.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Choose Boron trial chart/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change image' })).toBeTruthy());
    const posted = JSON.parse(formData(container).get('seo') as string) as unknown;
    expect(SeoFormSchema.parse(posted)).toEqual({
      title: 'A'.repeat(65),
      desc: 'How to spot zinc deficiency.',
      ogtitle: '',
      ogdesc: '',
      ogphoto: { previewsrc: '/doccenter/22222222-2222-4222-8222-222222222222' },
    });
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});

describe('HeroMediaField', () => {
  it('offers no video unless the template can play one', () => {
    render(
      <MemoryRouter>
        <form>
          <HeroMediaField documents={testDocumentSource()} />
        </form>
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('Image')).toBeTruthy();
    expect(screen.queryByLabelText('Video')).toBeNull();
  });

  it('chooses an image (alt text required) or a video from the library, or none', async () => {
    const { container } = render(
      <MemoryRouter>
        <form>
          <HeroMediaField documents={testDocumentSource()} errors={{ 'heroMedia.alttext': [CONTENT_MESSAGES.altRequired] }} allowVideo />
        </form>
      </MemoryRouter>,
    );
    const posted = () => JSON.parse(formData(container).get('heroMedia') as string) as unknown;
    expect(posted()).toBeNull();
    fireEvent.click(screen.getByLabelText('Image'));
    const alt = screen.getByLabelText('Alt text');
    expect(alt.getAttribute('aria-required')).toBe('true');
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(HeroMediaSchema.safeParse(posted()).success).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    fireEvent.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Choose Zinc field photo/ }));
    await waitFor(() =>
      expect((screen.getByLabelText('Alt text') as HTMLInputElement).value).toBe('Corn leaves with zinc deficiency stripes'),
    );
    expect(HeroMediaSchema.parse(posted())).toEqual({
      kind: 'image',
      previewsrc: '/doccenter/11111111-1111-4111-8111-111111111111',
      alttext: 'Corn leaves with zinc deficiency stripes',
    });
    fireEvent.click(screen.getByLabelText('Video'));
    expect(screen.getByRole('button', { name: 'Choose video' })).toBeTruthy();
    expect(screen.getByLabelText('Video description (optional)').getAttribute('aria-required')).toBeNull();
    expect(await axeViolationsIn(container)).toEqual([]);
  });
});

describe('UnsavedChangesGuard', () => {
  function Editor() {
    const { dirty, markSaved } = useFormDirty('edit');
    return (
      <>
        <form id="edit">
          <label htmlFor="name">Name</label>
          <input id="name" name="name" />
        </form>
        <p>{dirty ? 'dirty' : 'clean'}</p>
        <button type="button" onClick={markSaved}>
          Saved
        </button>
        <Link to="/list">Back</Link>
        <UnsavedChangesGuard when={dirty} />
      </>
    );
  }
  const setup = () => {
    const router = createMemoryRouter(
      [
        { path: '/edit', element: <Editor /> },
        { path: '/list', element: <h1>The list</h1> },
      ],
      { initialEntries: ['/edit'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it('lets a clean form go without asking', async () => {
    setup();
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes: Cancel stays, Leave without saving goes', async () => {
    const router = setup();
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'x' } });
    // the state follows a moment later (see useFormDirty), the guard's ref at once
    expect(await screen.findByText('dirty')).toBeTruthy();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText(UNSAVED_QUESTION)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit'));
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
  });

  it('sees changes made inside editor components (their hidden inputs), and not after a save', async () => {
    function WithModules() {
      const { dirty, markSaved } = useFormDirty('m');
      return (
        <>
          <form id="m">
            <ModuleListEditor name="modules" />
          </form>
          <p>{dirty ? 'dirty' : 'clean'}</p>
          <button type="button" onClick={markSaved}>
            Saved
          </button>
        </>
      );
    }
    render(
      <MemoryRouter>
        <WithModules />
      </MemoryRouter>,
    );
    expect(screen.getByText('clean')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add module' }));
    await waitFor(() => expect(screen.getByText('dirty')).toBeTruthy());
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    });
    expect(screen.getByText('clean')).toBeTruthy();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });
});

describe('axe in jsdom', () => {
  it('does report problems (so the clean results above mean something)', async () => {
    const { container } = render(
      <form>
        <input name="unlabelled" />
        <button type="button" />
      </form>,
    );
    const found = await axeViolationsIn(container);
    expect(found.map((v) => v.split(':')[0])).toEqual(expect.arrayContaining(['label', 'button-name']));
  });
});
