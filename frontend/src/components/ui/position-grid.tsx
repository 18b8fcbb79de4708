import type { CaptionSettings } from '@contract/caption-settings';

import { PlacementGrid, type Placement } from './placement-grid';

type CaptionPosition = CaptionSettings['position'];

const rows = { top: 'start', middle: 'center', bottom: 'end' } as const;
const columns = { left: 'start', center: 'center', right: 'end' } as const;
const words = (position: string) => position.replace('_', ' ').replace(/^./, (first) => first.toUpperCase());

/** Top, middle, bottom crossed with left, center, right, in reading order. */
const captionPlacements: readonly Placement<CaptionPosition>[] = Object.entries(rows).flatMap(([row, rowAlign]) =>
  Object.entries(columns).map(([column, columnAlign]) => {
    const value = `${row}_${column}` as CaptionPosition;
    return { value, row: rowAlign, column: columnAlign, label: words(value) };
  }),
);

/** The 3×3 caption position grid: top, middle, bottom crossed with left, center, right. */
export function PositionGrid({
  value,
  onChange,
  label = 'Caption Position',
  labelId = 'caption-position-label',
  disabled,
  colorPalette = 'brand',
}: {
  value: CaptionPosition;
  onChange: (value: CaptionPosition) => void;
  label?: string;
  labelId?: string;
  disabled?: boolean;
  colorPalette?: string;
}) {
  return (
    <PlacementGrid
      label={label}
      labelId={labelId}
      placements={captionPlacements}
      columns={3}
      value={value}
      onChange={onChange}
      disabled={disabled}
      colorPalette={colorPalette}
    />
  );
}
