import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@practice/shared';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { clientOptionsQuery, useClientOptions, type ClientOption } from '../api/client-options';

export type ClientChoice = { id: number; client_id: string; legal_name: string };

export function clientChoiceOf(client: ClientChoice): ClientChoice {
  return { id: client.id, client_id: client.client_id, legal_name: client.legal_name };
}

/** "Acme LLC (C-1001)": how a chosen client reads in a box or a line. */
export function clientLabel(client: ClientChoice): string {
  return `${client.legal_name} (${client.client_id})`;
}

type ClientPickerProps = {
  label: string;
  value: ClientChoice | null;
  onChange: (choice: ClientChoice | null) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
};

/**
 * A combobox that searches the firm's clients on the server as the user types (WAI-ARIA
 * combobox with a list box): arrows move, Enter picks, Esc closes, Tab leaves.
 */
export function ClientPicker({ label, value, onChange, onBlur, error, name, ref, disabled }: ClientPickerProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const valueText = value ? clientLabel(value) : '';
  const [text, setText] = useState(valueText);
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = open && search !== valueText;
  const options = useClientOptions(searching ? search : '', open);
  const items: ClientOption[] = options.data ?? [];
  // The list answers what is typed now (not a search still waiting or a previous answer).
  const current = search === text.trim() && options.isSuccess && !options.isPlaceholderData;

  // The form set a value (reset, a chosen row): the box shows it.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value ? clientLabel(value) : '');
  }

  function choose(option: ClientOption): void {
    const choice = clientChoiceOf(option);
    setText(clientLabel(choice));
    setOpen(false);
    onChange(choice);
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
      void queryClient.fetchQuery(clientOptionsQuery(text.trim())).then((matches) => {
        if (matches[0]) choose(matches[0]);
      });
    } else if (event.key === 'Escape' && open) {
      // Closing the list only: the modal around the picker stays open.
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
        placeholder="Search by name or client ID"
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
        {open && options.data && items.length === 0 && <li className="combobox-note">No matching clients</li>}
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
              {option.legal_name} <span className="muted">({option.client_id})</span>
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
