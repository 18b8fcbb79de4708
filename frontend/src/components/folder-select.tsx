import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

import type { PublicFolder } from '@contract/media';

type RootProps = Omit<ComponentProps<typeof NativeSelect.Root>, 'children' | 'onChange'>;

/**
 * A native select of the user's media folders, led by one "no folder" option (`All`, `All folders`):
 * the generation form's preferred folder, the media page's filter, the Switch Scenes filter.
 */
export function FolderSelect({
  folders,
  value,
  onChange,
  label,
  emptyValue,
  emptyLabel,
  ...root
}: RootProps & {
  folders: readonly Pick<PublicFolder, 'id' | 'name'>[];
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the select. */
  label: string;
  emptyValue: string;
  emptyLabel: string;
}) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value={emptyValue}>{emptyLabel}</option>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
