// @vitest-environment jsdom
import '#tests/setup/dom.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_MESSAGES } from '#shared/content-admin.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

function editorOf(container: HTMLElement): Editor {
  const el = container.querySelector('.tiptap') as (HTMLElement & { editor?: Editor }) | null;
  if (!el?.editor) throw new Error('no editor');
  return el.editor;
}

async function setup(defaultValue = '<p>Hello world</p>') {
  const onChange = vi.fn();
  const view = render(
    <form id="f">
      <RichTextEditor id="body" name="content" label="Body" defaultValue={defaultValue} onChange={onChange} hint="Shown under the title." />
    </form>,
  );
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Body' })).toBeTruthy());
  const hidden = view.container.querySelector<HTMLInputElement>('input[type=hidden][name=content]')!;
  return { ...view, onChange, hidden, editor: editorOf(view.container) };
}

describe('RichTextEditor', () => {
  it('names the editable area by its label, and posts the HTML in a hidden input', async () => {
    const { hidden, container } = await setup();
    const box = screen.getByRole('textbox', { name: 'Body' });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('body-hint');
    expect(hidden.value).toBe('<p>Hello world</p>');
    expect(new FormData(container.querySelector('form')!).get('content')).toBe('<p>Hello world</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Body: formatting' });
    const names = Array.from(toolbar.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Heading 2', 'Heading 3', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link']);
  });

  it('formats the selection from the toolbar: bold, heading, lists; pressed state follows', async () => {
    const { editor, hidden, onChange } = await setup();
    const inputEvents = vi.fn();
    hidden.form!.addEventListener('input', inputEvents);
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(hidden.value).toBe('<p><strong>Hello world</strong></p>'));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>Hello world</strong></p>');
    expect(inputEvents).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Heading 2' }));
    await waitFor(() => expect(hidden.value).toBe('<h2><strong>Hello world</strong></h2>'));
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(hidden.value).toContain('<ul><li>'));
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(hidden.value).toContain('<ol><li>'));
  });

  it('does not extend a link with what is typed right after it (a full stop stays outside)', async () => {
    const { editor, hidden } = await setup('<p>See <a href="/agrotain">AGROTAIN</a></p>');
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      // what typing does: text inserted at the cursor, with the marks the cursor carries
      editor.view.dispatch(editor.state.tr.insertText('.'));
    });
    await waitFor(() => expect(hidden.value).toBe('<p>See <a href="/agrotain">AGROTAIN</a>.</p>'));
  });

  it('adds a link only with an http(s), mailto or on-site address', async () => {
    const { editor, hidden } = await setup();
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 6 });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(CONTENT_MESSAGES.badLink);
    expect(hidden.value).not.toContain('<a');
    fireEvent.change(address, { target: { value: 'https://example.com/zinc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply link' }));
    await waitFor(() => expect(hidden.value).toBe('<p><a href="https://example.com/zinc">Hello</a> world</p>'));
    expect(screen.queryByLabelText('Link address')).toBeNull();
    // Escape closes the prompt without a change
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    fireEvent.keyDown(screen.getByLabelText('Link address'), { key: 'Escape' });
    expect(screen.queryByLabelText('Link address')).toBeNull();
  });

  it('moves between toolbar buttons with the arrow keys (one tab stop)', async () => {
    await setup();
    const buttons = screen.getByRole('toolbar').querySelectorAll('button');
    expect(Array.from(buttons).map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[6]);
    fireEvent.keyDown(buttons[6]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('posts an empty string for an empty editor and shows its error', async () => {
    render(<RichTextEditor id="b2" name="content" label="Body" errors={['Enter some text.']} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Body' }).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: 'Body' }).getAttribute('aria-describedby')).toBe('b2-error');
    expect(screen.getByText('Enter some text.')).toBeTruthy();
  });
});
