import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type RootProps = Omit<ComponentProps<typeof NativeSelect.Root>, 'children' | 'onChange'>;

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/**
 * A native select of `options` (the platform's own picker, which phones show as their wheel), with the
 * app's indicator. `children` are options placed before the list (a "None" or "All" choice).
 */
export function OptionSelect<V extends string>({
  options,
  value,
  onChange,
  label,
  placeholder,
  testId,
  fieldBg,
  children,
  ...root
}: RootProps & {
  options: readonly SelectOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The accessible name, where no field label names the select. */
  label?: string;
  placeholder?: string;
  testId?: string;
  /** The select's own background, where it stands on a tinted panel. */
  fieldBg?: string;
  children?: ReactNode;
}) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        aria-label={label}
        data-testid={testId}
        bg={fieldBg}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.currentTarget.value as V)}
      >
        {children}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
