// @vitest-environment jsdom
import '#tests/setup/dom.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DocumentPicker, type PickedDocument } from './document-picker.tsx';
import { testDocumentSource } from './test-documents.ts';

function Harness({ onChange, kind = 'image' as const }: { onChange: (d: PickedDocument | null) => void; kind?: 'image' | 'video' }) {
  const [doc, setDoc] = useState<PickedDocument | null>(null);
  return (
    <MemoryRouter>
      <DocumentPicker
        label="Hero image"
        kind={kind}
        value={doc ? { url: doc.url, title: doc.title, contentType: doc.contentType } : null}
        alt={doc?.altText}
        source={testDocumentSource()}
        onChange={(d) => {
          setDoc(d);
          onChange(d);
        }}
      />
    </MemoryRouter>
  );
}

describe('DocumentPicker', () => {
  it('searches the library in a dialog and shows the chosen image with its alt text', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Hero image' })).toBeTruthy();
    expect(screen.getByText('No image chosen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose an image from the document library' });
    await waitFor(() => expect(within(dialog).getByText('Showing 2 of 2')).toBeTruthy());
    // the video is not an image
    expect(within(dialog).queryByText('Harvest video')).toBeNull();
    const search = within(dialog).getByLabelText('Search documents');
    fireEvent.change(search, { target: { value: 'zinc' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(within(dialog).getByText('Showing 1 of 1')).toBeTruthy());
    fireEvent.change(search, { target: { value: 'nothing here' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(dialog).getByText('No images match “nothing here”.')).toBeTruthy());
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Choose Zinc field photo/ })).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: /Choose Zinc field photo/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0]).toMatchObject({
      id: 1,
      url: '/doccenter/11111111-1111-4111-8111-111111111111',
      altText: 'Corn leaves with zinc deficiency stripes',
    });
    // the choice arrives after an async alt-text lookup: wait for the render that closes the dialog
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    const img = await screen.findByRole('img', { name: 'Corn leaves with zinc deficiency stripes' });
    expect(img.getAttribute('src')).toBe('/doccenter/11111111-1111-4111-8111-111111111111?w=320');
    expect(screen.getByText('Alt text: Corn leaves with zinc deficiency stripes')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('No image chosen.')).toBeTruthy();
  });

  it('uploads a new image from the dialog, asking for its alt text, and chooses it', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose an image from the document library' });
    const upload = within(dialog).getByRole('region', { name: 'Or upload a new image' });
    const file = new File(['png'], 'spring-trial_plot.png', { type: 'image/png' });
    // (a file dropped on the field is put into it the same way: browser test in admin-documents.spec.ts)
    fireEvent.change(within(upload).getByLabelText('File'), { target: { files: [file] } });
    await waitFor(() => expect(within(upload).getByLabelText('Title')).toHaveProperty('value', 'spring trial plot'));
    // alt text is asked for before anything is sent
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload and choose' }));
    expect(within(upload).getByRole('alert').textContent).toBe('Describe the image for people who cannot see it (alt text).');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(within(upload).getByLabelText('Alt text'), { target: { value: 'Trial plots in spring' } });
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload and choose' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0]).toMatchObject({
      title: 'spring trial plot',
      altText: 'Trial plots in spring',
      fileName: 'spring-trial_plot.png',
    });
    expect(await screen.findByRole('img', { name: 'Trial plots in spring' })).toBeTruthy();
  });

  it('shows the title of a saved file, never its raw /doccenter address', async () => {
    render(
      <MemoryRouter>
        <DocumentPicker
          label="Hero image"
          value={{ url: '/doccenter/22222222-2222-4222-8222-222222222222' }}
          source={testDocumentSource()}
          onChange={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Boron trial chart' })).toBeTruthy();
    expect(screen.queryByText(/^\/doccenter\//)).toBeNull();
  });

  it('offers videos for a video picker, and Cancel leaves the value alone', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} kind="video" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose video' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a video from the document library' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Choose Harvest video/ })).toBeTruthy());
    expect(within(dialog).queryByText('Zinc field photo')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });
});
