import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ClientPicker, type ClientChoice } from './client-picker';

type ClientFieldProps<Form extends FieldValues, Output> = {
  control: Control<Form, unknown, Output>;
  name: FieldPathByValue<Form, ClientChoice | null>;
  label: string;
  error?: string;
  /** After another client was chosen: the activity types to choose from change with it. */
  onClientChange?: () => void;
};

/** The client picker as a field of a react-hook-form form. */
export function ClientField<Form extends FieldValues, Output>({
  control,
  name,
  label,
  error,
  onClientChange,
}: ClientFieldProps<Form, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ClientPicker
          label={label}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(choice) => {
            const changed = choice?.id !== field.value?.id;
            field.onChange(choice);
            if (changed) onClientChange?.();
          }}
          error={error}
        />
      )}
    />
  );
}
