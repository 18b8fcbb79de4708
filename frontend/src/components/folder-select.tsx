import type { ComponentProps } from 'react';

import type { PublicFolder } from '@contract/media';

import { OptionSelect } from './ui/option-select';

type RootProps = Omit<ComponentProps<typeof OptionSelect>, 'children' | 'onChange' | 'options' | 'value' | 'label'>;

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
    <OptionSelect {...root} label={label} value={value} onChange={onChange} options={folders.map((folder) => ({ value: folder.id, label: folder.name }))}>
      <option value={emptyValue}>{emptyLabel}</option>
    </OptionSelect>
  );
}
