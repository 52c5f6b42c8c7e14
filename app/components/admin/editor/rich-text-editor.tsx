import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CONTENT_MESSAGES, isAllowedLinkHref } from '#shared/content-admin.ts';
import { FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';

/**
 * A rich-text field (TipTap): a labelled toolbar (headings, lists, link, bold, italic) over an
 * editable area named by the field's label, with TipTap's keyboard shortcuts plus Mod-K for a link.
 * The HTML is kept in a hidden input, so it posts with the form like any other field. The server
 * sanitizes it again on write; links are limited here to http(s), mailto and on-site addresses.
 *
 * Admin only: import it from admin routes, never from a public template (bench:js checks the public bundle).
 */
interface RichTextEditorProps {
  /** The editable area's id. */
  id: string;
  label: string;
  /** Name of the hidden input that posts the HTML; leave out when the value is only read through onChange. */
  name?: string;
  form?: string;
  defaultValue?: string;
  onChange?: (html: string) => void;
  hint?: ReactNode;
  errors?: readonly string[];
  /** Headings offered in the toolbar (h1 is the page title). */
  headingLevels?: readonly (2 | 3 | 4)[];
}

type ButtonSpec = { key: string; label: string; shortcut: string; icon: ReactNode; active: () => boolean; run: (e: Editor) => void };

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** An empty editor gives "<p></p>"; an empty field posts "". The empty paragraph kept after a final heading or list (to type on) is not content. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
}

/** The editable area's attributes: a multi-line textbox named by the label, described by the hint and errors. */
function contentAttributes(id: string, labelId: string, describedBy: string | undefined, invalid: boolean): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rte__content rich-text',
  };
}

export function RichTextEditor({
  id,
  label,
  name,
  form,
  defaultValue = '',
  onChange,
  hint,
  errors,
  headingLevels = [2, 3],
}: RichTextEditorProps) {
  const uid = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  const [html, setHtml] = useState(defaultValue);
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const openLinkRef = useRef<() => void>(() => {});
  const [linkOpen, setLinkOpen] = useState(false);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [...headingLevels] },
        link: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
      }),
      Link.extend({
        // what is typed right after a link is plain text (TipTap makes links inclusive when autolink is on,
        // so a full stop typed after one became part of it)
        inclusive() {
          return false;
        },
        addKeyboardShortcuts() {
          return {
            'Mod-k': () => {
              openLinkRef.current();
              return true;
            },
          };
        },
      }).configure({
        openOnClick: false,
        autolink: true,
        protocols: ['mailto'],
        isAllowedUri: (url) => isAllowedLinkHref(url),
        HTMLAttributes: { rel: null, target: null },
      }),
    ],
    content: defaultValue,
    editorProps: { attributes: contentAttributes(id, labelId, describedBy, invalid) },
    onUpdate: ({ editor: e }) => {
      const next = htmlOf(e);
      changed.current = true;
      setHtml(next);
      onChange?.(next);
    },
  });

  // aria attributes follow the errors after the first render
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { attributes: contentAttributes(id, labelId, describedBy, invalid) } });
  }, [editor, id, labelId, describedBy, invalid]);

  // The hidden input changed without an event: tell the form (validation, unsaved-changes guard).
  useEffect(() => {
    if (changed.current) announceInput(hidden.current);
  }, [html]);

  openLinkRef.current = () => setLinkOpen(true);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e) return null;
      return {
        h: Object.fromEntries(headingLevels.map((l) => [l, e.isActive('heading', { level: l })])),
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        bullet: e.isActive('bulletList'),
        ordered: e.isActive('orderedList'),
        link: e.isActive('link'),
      };
    },
  });

  const mod = isMac() ? '⌘' : 'Ctrl+';
  type MarkKey = 'bold' | 'italic' | 'bullet' | 'ordered';
  const buttons: ButtonSpec[] = [
    ...headingLevels.map<ButtonSpec>((level) => ({
      key: `h${level}`,
      label: `Heading ${level}`,
      shortcut: `${mod}${isMac() ? '⌥' : 'Alt+'}${level}`,
      icon: <span className="rte__icon" data-icon={`H${level}`} aria-hidden="true" />,
      active: () => Boolean(state?.h[level]),
      run: (e) => e.chain().focus().toggleHeading({ level }).run(),
    })),
    ...(
      [
        ['bold', 'Bold', 'B', 'B', ' rte__icon--bold', (e) => e.chain().focus().toggleBold().run()],
        ['italic', 'Italic', 'I', 'I', ' rte__icon--italic', (e) => e.chain().focus().toggleItalic().run()],
        ['bullet', 'Bulleted list', 'Shift+8', '•≡', '', (e) => e.chain().focus().toggleBulletList().run()],
        ['ordered', 'Numbered list', 'Shift+7', '1.≡', '', (e) => e.chain().focus().toggleOrderedList().run()],
      ] as const satisfies readonly [MarkKey, string, string, string, string, ButtonSpec['run']][]
    ).map<ButtonSpec>(([key, label, keys, glyph, modifier, run]) => ({
      key,
      label,
      shortcut: `${mod}${keys}`,
      icon: <span className={`rte__icon${modifier}`} data-icon={glyph} aria-hidden="true" />,
      active: () => Boolean(state?.[key]),
      run,
    })),
    {
      key: 'link',
      label: 'Link',
      shortcut: `${mod}K`,
      icon: <span className="rte__icon" data-icon="Link" aria-hidden="true" />,
      active: () => Boolean(state?.link),
      run: () => setLinkOpen(true),
    },
  ];

  // Roving tab stop: Tab enters the toolbar once; arrows, Home and End move between its buttons.
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % buttons.length,
      ArrowLeft: (i) => (i - 1 + buttons.length) % buttons.length,
      Home: () => 0,
      End: () => buttons.length - 1,
    };
    const move = keys[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(focusIndex);
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  return (
    <div className={`field rte${invalid ? ' field--invalid' : ''}`}>
      <span className="field__label" id={labelId} onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div className="rte__frame">
        <div
          ref={toolbar}
          className="rte__toolbar"
          role="toolbar"
          aria-label={`${label}: formatting`}
          aria-controls={id}
          onKeyDown={onToolbarKey}
        >
          {buttons.map((b, i) => (
            <button
              key={b.key}
              type="button"
              className="rte__button"
              tabIndex={i === focusIndex ? 0 : -1}
              aria-pressed={b.active()}
              aria-label={b.label}
              aria-keyshortcuts={b.shortcut.replace('⌘', 'Meta+').replace('⌥', 'Alt+')}
              title={`${b.label} (${b.shortcut})`}
              disabled={!editor}
              onFocus={() => setFocusIndex(i)}
              onClick={() => editor && b.run(editor)}
            >
              {b.icon}
            </button>
          ))}
        </div>
        {linkOpen && editor ? <LinkPrompt editor={editor} uid={uid} onClose={() => setLinkOpen(false)} /> : null}
        <EditorContent editor={editor} />
      </div>
      {name ? <input ref={hidden} type="hidden" name={name} form={form} value={html} /> : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** The link's address, checked before it is applied; Enter applies, Escape cancels (focus back in the text). */
function LinkPrompt({ editor, uid, onClose }: { editor: Editor; uid: string; onClose: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${uid}-link`;
  const errorId = `${uid}-link-error`;

  function close() {
    onClose();
    editor.commands.focus();
  }
  function apply() {
    const value = href.trim();
    if (!value) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!isAllowedLinkHref(value)) {
      setError(CONTENT_MESSAGES.badLink);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  }

  return (
    <div
      className="rte__link"
      role="group"
      aria-label="Link"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <label className="field__label" htmlFor={inputId}>
        Link address
      </label>
      <div className="admin-search__row">
        <input
          id={inputId}
          className="field__input"
          type="text"
          inputMode="url"
          autoFocus
          value={href}
          placeholder="https://… or /page"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setHref(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Enter applies the link instead of submitting the surrounding form
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <button type="button" className="button button--small button--primary" onClick={apply}>
          Apply link
        </button>
        {current ? (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            Remove link
          </button>
        ) : null}
        <button type="button" className="button button--small button--secondary" onClick={close}>
          Cancel
        </button>
      </div>
      <FieldError id={errorId} errors={error ? [error] : undefined} role="alert" />
    </div>
  );
}
