import { REGION_OPTIONS, type RegionId } from '#shared/regions.ts';
import { FieldError } from '../../forms/fields.tsx';

interface RegionsFieldProps {
  name?: string;
  legend?: string;
  defaultValue?: readonly number[];
  errors?: readonly string[];
  id?: string;
  onChange?: (regionIds: RegionId[]) => void;
}

/** Where an item shows: checkboxes for U.S. (2), Canada (3) and International (4), posting regionIds. */
export function RegionsField({
  name = 'regionIds',
  legend = 'Regions',
  defaultValue = [],
  errors,
  id = 'regions',
  onChange,
}: RegionsFieldProps) {
  const invalid = Boolean(errors?.length);
  return (
    <fieldset
      className={`field field--group${invalid ? ' field--invalid' : ''}`}
      aria-describedby={invalid ? `${id}-error` : undefined}
      onChange={
        onChange
          ? (e) => {
              const boxes = e.currentTarget.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`);
              onChange(
                Array.from(boxes)
                  .filter((b) => b.checked)
                  .map((b) => Number(b.value) as RegionId),
              );
            }
          : undefined
      }
    >
      <legend className="field__label">{legend}</legend>
      <div className="choice-list choice-list--row">
        {REGION_OPTIONS.map((r) => (
          <label key={r.id} className="choice">
            <input type="checkbox" name={name} value={r.id} defaultChecked={defaultValue.includes(r.id)} />
            <span className="choice__label">{r.name}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}
