import { inputClass, labelClass } from './notice';

type Props = { id: string; name?: string; label: string; value?: string; options: { value: string; label: string }[] };

/** A labelled select of the back-office's filter and handling forms (plain forms, no client state). */
export function SelectField({ id, name = id, label, value, options }: Props) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
