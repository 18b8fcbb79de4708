import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { subjectCategoryGroups } from '@contract/rules/subject-categories';

const groups = subjectCategoryGroups();

/**
 * The subject categories, grouped under their headings: the script generator's Subject Category and a
 * video template's. `children` are options placed before the groups (an "Any category" choice).
 */
export function SubjectCategorySelect({
  value,
  onChange,
  label,
  placeholder,
  children,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, where no field label names the select. */
  label?: string;
  placeholder?: string;
  children?: ReactNode;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field aria-label={label} value={value} placeholder={placeholder} onChange={(event) => onChange(event.currentTarget.value)}>
        {children}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
