import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@practice/shared';
import { useDebouncedValue } from '../lib/use-debounced-value';
import '../styles/combobox.css';

/** The server search behind a combobox: the matches of a typed text (all when it is empty). */
export type OptionsQuery<Option> = (search: string) => {
  queryKey: QueryKey;
  queryFn: () => Promise<Option[]>;
  staleTime?: number;
};

export type SearchComboboxProps<Choice, Option extends Choice & { id: number }> = {
  label: string;
  value: Choice | null;
  onChange: (option: Option | null) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  placeholder: string;
  /** Shown when the server finds nothing, e.g. "No matching clients". */
  noMatches: string;
  options: OptionsQuery<Option>;
  /** How a chosen value reads in the box. */
  textOf: (choice: Choice) => string;
  renderOption: (option: Option) => ReactNode;
};

/**
 * A combobox that searches on the server as the user types (WAI-ARIA combobox with a list
 * box): arrows move, Enter picks, Esc closes, Tab leaves; emptying the box chooses nothing.
 */
export function SearchCombobox<Choice, Option extends Choice & { id: number }>({
  label,
  value,
  onChange,
  onBlur,
  error,
  name,
  ref,
  disabled,
  placeholder,
  noMatches,
  options: optionsQuery,
  textOf,
  renderOption,
}: SearchComboboxProps<Choice, Option>) {
  const id = useId();
  const queryClient = useQueryClient();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const valueText = value ? textOf(value) : '';
  const [text, setText] = useState(valueText);
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = open && search !== valueText;
  const options = useQuery({
    ...optionsQuery(searching ? search : ''),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const items: Option[] = options.data ?? [];
  // The list answers what is typed now (not a search still waiting or a previous answer).
  const current = search === text.trim() && options.isSuccess && !options.isPlaceholderData;

  // The form set a value (reset, a chosen row): the box shows it.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value ? textOf(value) : '');
  }

  function choose(option: Option): void {
    setText(textOf(option));
    setOpen(false);
    onChange(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (items.length === 0 ? 0 : (current + step + items.length) % items.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (current) {
        if (items[active]) choose(items[active]);
        return;
      }
      // Enter came before the list caught up with the typing: pick the first match of what was typed.
      void queryClient.fetchQuery(optionsQuery(text.trim())).then((matches) => {
        if (matches[0]) choose(matches[0]);
      });
    } else if (event.key === 'Escape' && open) {
      // Closing the list only: the modal around the combobox stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setText(valueText);
    }
  }

  function leave(): void {
    setOpen(false);
    if (text.trim() === '') {
      if (value) onChange(null);
    } else if (text !== valueText) {
      setText(valueText);
    }
    onBlur?.();
  }

  const activeId = open && items[active] ? `${id}-option-${items[active].id}` : undefined;
  return (
    <div className="form-field combobox">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={placeholder}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={leave}
      />
      <ul id={listId} role="listbox" aria-label={`${label} matches`} className="combobox-list" hidden={!open}>
        {open && options.isPending && <li className="combobox-note">Searching...</li>}
        {open && options.data && items.length === 0 && <li className="combobox-note">{noMatches}</li>}
        {open &&
          items.map((option, index) => (
            <li
              key={option.id}
              id={`${id}-option-${option.id}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'combobox-option is-active' : 'combobox-option'}
              // Keeps the focus in the box, so choosing does not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {renderOption(option)}
            </li>
          ))}
      </ul>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
