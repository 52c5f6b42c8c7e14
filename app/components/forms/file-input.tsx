import { useRef, useState, type InputHTMLAttributes } from 'react';

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** What the drop area says besides the chooser ("a PDF", "an image"). */
  what?: string;
};

/**
 * A file input that also takes a file dragged onto it (every file field accepts drag and
 * drop). The input itself stays the control (keyboard, screen readers, form submission, `onChange`);
 * a dropped file is put into it and announced as a change, exactly as if it had been chosen.
 */
export function FileInput({ className, what = 'a file', ...props }: FileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [name, setName] = useState('');
  return (
    <div
      className={`file-drop${over ? ' file-drop--over' : ''}${props.disabled ? ' file-drop--disabled' : ''}`}
      onDragOver={(e) => {
        if (props.disabled || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const el = input.current;
        if (props.disabled || !el || e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        const files = new DataTransfer();
        files.items.add(e.dataTransfer.files[0]!);
        el.files = files.files;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      }}
    >
      <input
        {...props}
        ref={input}
        type="file"
        className={className ?? 'field__input'}
        onChange={(e) => {
          setName(e.currentTarget.files?.[0]?.name ?? '');
          props.onChange?.(e);
        }}
      />
      <span className="file-drop__hint" aria-hidden="true">
        {name ? `Chosen: ${name}` : `or drop ${what} here`}
      </span>
    </div>
  );
}
