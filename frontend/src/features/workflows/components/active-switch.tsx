import { Switch } from '@chakra-ui/react';

/** Active or Paused, in a template's or a schedule's dialog footer. */
export function ActiveSwitch({ checked, onChange, testId }: { checked: boolean; onChange: (checked: boolean) => void; testId: string }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} colorPalette="green" data-testid={testId}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label fontSize="sm">{checked ? 'Active' : 'Paused'}</Switch.Label>
    </Switch.Root>
  );
}
