import { Box, Button, Field, SimpleGrid } from '@chakra-ui/react';

type Align = 'start' | 'center' | 'end';

/** One choice of the grid: where its marker sits in its cell, and what a screen reader calls it. */
export interface Placement<T extends string> {
  value: T;
  row: Align;
  column: Align;
  label: string;
}

const flex = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;

/**
 * A small picture of the frame with one toggle button per place: the caption position's 3×3 grid, the
 * logo's four corners. `framed` draws the grid as a 9:16 frame of its own (the logo picker).
 */
export function PlacementGrid<T extends string>({
  label,
  labelId,
  placements,
  columns,
  value,
  onChange,
  disabled,
  colorPalette = 'brand',
  framed = false,
  testId,
}: {
  label: string;
  labelId: string;
  placements: readonly Placement<T>[];
  columns: number;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  colorPalette?: string;
  framed?: boolean;
  testId?: string;
}) {
  return (
    <Field.Root disabled={disabled} {...(framed ? { w: 'auto', flexShrink: '0' } : {})}>
      <Field.Label fontSize="sm" id={labelId}>
        {label}
      </Field.Label>
      <SimpleGrid
        columns={columns}
        role="group"
        aria-labelledby={labelId}
        data-testid={testId}
        {...(framed ? { gap: '1.5', w: '28', p: '1.5', rounded: 'lg', borderWidth: '1px', bg: 'bg.muted' } : { gap: '1', w: '36' })}
      >
        {placements.map((placement) => {
          const active = placement.value === value;
          return (
            <Button
              key={placement.value}
              size="xs"
              h={framed ? '12' : '9'}
              minW="0"
              variant={active ? 'solid' : 'outline'}
              colorPalette={active ? colorPalette : 'gray'}
              bg={active || !framed ? undefined : 'bg'}
              aria-label={placement.label}
              aria-pressed={active}
              title={placement.label}
              disabled={disabled}
              onClick={() => onChange(placement.value)}
              display="flex"
              alignItems={flex[placement.row]}
              justifyContent={flex[placement.column]}
              p="1.5"
            >
              <Box w={framed ? '3.5' : '3'} h={framed ? '2' : '1'} rounded={framed ? 'sm' : 'full'} bg={active ? 'white' : 'fg.muted'} />
            </Button>
          );
        })}
      </SimpleGrid>
    </Field.Root>
  );
}
