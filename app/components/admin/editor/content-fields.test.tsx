// @vitest-environment jsdom
import { axeViolationsIn } from '#tests/setup/dom.ts';
import { getFormProps } from '@conform-to/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_MESSAGES, ContentEditBaseSchema, type ContentEditBase } from '#shared/content-admin.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ContentFields, type ContentFieldsInitial } from './content-fields.tsx';
import { testDocumentSource } from './test-documents.ts';

const BLANK: ContentFieldsInitial = {
  title: '',
  slug: '',
  regionIds: [],
  modules: [{ type: 3, items: [{ headline: '', shortDescription: '' }] }],
};

function Editor({ initial, onValid }: { initial: ContentFieldsInitial; onValid: (v: ContentEditBase) => Promise<string | null> }) {
  const { form, fields } = useZodForm({ id: 'content-form', schema: ContentEditBaseSchema, onValid });
  return (
    <form {...getFormProps(form)} className="stack">
      <ContentFields
        form={form}
        fields={fields}
        initial={initial}
        pathPrefix="/knowledge-center/"
        origin="https://example.com"
        documents={testDocumentSource()}
      />
      <button type="submit">Save Changes</button>
    </form>
  );
}

describe('ContentFields with Conform and the shared schema', () => {
  it('shows every error at its field on submit, then saves the parsed payload', async () => {
    const onValid = vi.fn(async (_value: ContentEditBase): Promise<string | null> => null);
    const { container } = render(
      <MemoryRouter>
        <Editor initial={BLANK} onValid={onValid} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText(CONTENT_MESSAGES.titleRequired)).toBeTruthy());
    expect(screen.getByText(CONTENT_MESSAGES.slugRequired)).toBeTruthy();
    expect(screen.getByText(CONTENT_MESSAGES.regionsRequired)).toBeTruthy();
    const headline = screen.getByLabelText('ROI item 1: headline');
    expect(headline.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(CONTENT_MESSAGES.headlineRequired)).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    expect(await axeViolationsIn(container)).toEqual([]);

    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Zinc & Corn' } });
    await waitFor(() => expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('zinc-and-corn'));
    expect(screen.getByText('https://example.com/knowledge-center/zinc-and-corn')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Canada'));
    fireEvent.change(headline, { target: { value: '3:1 return' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({
      title: 'Zinc & Corn',
      slug: 'zinc-and-corn',
      createRedirect: false,
      regionIds: [3],
      seo: { title: '', desc: '', ogtitle: '', ogdesc: '', ogphoto: null },
      heroMedia: null,
      modules: [{ type: 3, items: [{ headline: '3:1 return', shortDescription: '' }] }],
    });
  });
});
