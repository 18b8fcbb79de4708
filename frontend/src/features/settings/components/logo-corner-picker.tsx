import { PlacementGrid, type Placement } from '@/components/ui/placement-grid';
import { logoPositions, type LogoPosition } from '@contract/rules/logo';

const words = (position: LogoPosition) => position.replace('-', ' ').replace(/^./, (first) => first.toUpperCase());

const cornerPlacements: readonly Placement<LogoPosition>[] = logoPositions.map((position) => ({
  value: position,
  row: position.startsWith('top') ? 'start' : 'end',
  column: position.endsWith('left') ? 'start' : 'end',
  label: words(position),
}));

/** The four corners, laid out as a small 9:16 frame with a button in each corner. */
export function LogoCornerPicker({ value, onChange, disabled }: { value: LogoPosition; onChange: (value: LogoPosition) => void; disabled?: boolean }) {
  return (
    <PlacementGrid
      label="Position"
      labelId="logo-position-label"
      placements={cornerPlacements}
      columns={2}
      value={value}
      onChange={onChange}
      disabled={disabled}
      framed
      testId="logo-position"
    />
  );
}
